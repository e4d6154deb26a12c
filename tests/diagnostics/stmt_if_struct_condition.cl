// A struct used as an if condition.
struct S { int a; };
__kernel void k(__global int *o) { struct S s = {1}; if (s) o[0] = 1; }
