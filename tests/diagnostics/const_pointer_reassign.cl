// Reassigning a const pointer.
__kernel void k(__global int *const p, __global int *q) { p = q; p[0] = 1; }
