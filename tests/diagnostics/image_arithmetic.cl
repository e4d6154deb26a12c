__kernel void k(read_only image2d_t a, __global int *out) { out[0] = a + 1; }
