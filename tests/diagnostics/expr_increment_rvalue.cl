// Incrementing an rvalue.
__kernel void k(__global int *o) { int a = 1; (a + 1)++; o[0] = a; }
