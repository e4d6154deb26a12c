int counter = 0;
__kernel void k(__global int *p) { p[0] = counter; }
