void f(write_only image2d_t img) {}
__kernel void k(read_only image2d_t img) { f(img); }
