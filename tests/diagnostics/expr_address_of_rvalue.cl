// Taking the address of an rvalue.
__kernel void k(__global int *o) { int *p = &(o[0] + 1); o[0] = 1; }
