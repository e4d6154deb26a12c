// A conditional with struct and int branches.
struct S { int a; };
__kernel void k(__global int *o) { struct S s = {1}; o[0] = o[1] ? s : 1; }
