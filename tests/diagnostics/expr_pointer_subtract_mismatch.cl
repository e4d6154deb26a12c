// Subtracting pointers to different types.
__kernel void k(__global int *a, __global float *b) { a[0] = (int)(a - b); }
