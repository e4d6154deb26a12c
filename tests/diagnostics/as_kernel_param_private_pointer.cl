// A kernel pointer parameter must not point to __private.
__kernel void k(__private int *p) { p[0] = 1; }
