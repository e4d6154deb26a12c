__kernel void k(read_only int x, __global int *out) { out[0] = x; }
