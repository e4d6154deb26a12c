// Accessing a member of an incomplete struct.
struct S;
__kernel void k(__global struct S *s, __global int *o) { o[0] = s->a; }
