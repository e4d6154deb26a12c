// Adding two pointers.
__kernel void k(__global int *a, __global int *b) { __global int *c = a + b; c[0] = 1; }
