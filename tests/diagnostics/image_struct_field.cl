struct S { image2d_t img; };
__kernel void k(__global int *out) { out[0] = 0; }
