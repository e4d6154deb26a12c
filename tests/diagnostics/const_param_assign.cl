// Assigning to a const parameter.
__kernel void k(const int n, __global int *o) { n = 1; o[0] = n; }
