__kernel void k(read_only image2d_t a, read_only image2d_t b) { a = b; }
