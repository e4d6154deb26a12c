__kernel void k(int *p) { p[0] = 1; }
