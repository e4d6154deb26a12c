// Passing a __constant pointer where a __global pointer is expected.
void f(__global const int *p) { }
__kernel void k(__constant int *c) { f(c); }
