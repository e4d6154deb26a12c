// Assigning to a member of a const struct.
struct S { int a; };
__kernel void k(__global int *o) { const struct S s = {1}; s.a = 2; o[0] = s.a; }
