// Assigning to an rvalue.
__kernel void k(__global int *o) { int a = 1; (a + 1) = 2; o[0] = a; }
