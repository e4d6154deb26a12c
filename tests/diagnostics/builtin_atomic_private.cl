// atomic_add on a private pointer.
__kernel void k(__global int *o) { int x = 0; atomic_add(&x, 1); o[0] = x; }
