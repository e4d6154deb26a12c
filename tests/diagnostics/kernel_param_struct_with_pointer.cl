// A kernel struct parameter cannot contain pointers.
struct S { __global int *p; };
__kernel void k(struct S s) { s.p[0] = 1; }
