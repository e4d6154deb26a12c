// Unary minus on a pointer.
__kernel void k(__global int *o) { __global int *p = -o; p[0] = 1; }
