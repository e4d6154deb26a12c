__kernel void k(read_write image2d_t img) {}
