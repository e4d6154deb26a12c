// A struct containing a member of its own type.
struct S { int a; struct S inner; };
__kernel void k(__global int *o) { o[0] = 1; }
