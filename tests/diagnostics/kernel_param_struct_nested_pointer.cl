// A kernel struct parameter whose nested struct contains a pointer.
struct In { __global float *p; };
struct Out { int n; struct In in; };
__kernel void k(struct Out s) { }
