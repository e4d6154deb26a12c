// A struct cannot be converted to int.
struct S { int a; };
__kernel void k(__global int *o) { struct S s = {1}; o[0] = s; }
