#if 1
__kernel void k(__global int *p) { p[0] = 1; }
