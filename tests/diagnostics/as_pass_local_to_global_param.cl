// Passing a __local pointer where a __global pointer is expected.
void f(__global int *p) { p[0] = 1; }
__kernel void k(__local int *l) { f(l); }
