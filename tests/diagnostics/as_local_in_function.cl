// __local variables may only be declared in kernel functions.
void f(__global int *o) { __local int t; t = 1; o[0] = t; }
__kernel void k(__global int *o) { f(o); }
