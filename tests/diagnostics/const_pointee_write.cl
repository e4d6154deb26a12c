// Writing through a pointer to const.
__kernel void k(__global const int *p) { p[0] = 1; }
