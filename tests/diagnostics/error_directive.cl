#ifndef BLOCK
#error "BLOCK must be defined"
#endif
__kernel void k(__global int *p) { p[0] = 1; }
