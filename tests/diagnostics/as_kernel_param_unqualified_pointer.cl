// A kernel pointer parameter with no address space defaults to __private.
__kernel void k(int *p) { p[0] = 1; }
