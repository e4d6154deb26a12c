// A local variable redefined in the same scope.
__kernel void k(__global int *o) { int a = 1; int a = 2; o[0] = a; }
