// Dereferencing a non-pointer.
__kernel void k(__global int *o) { int a = 1; o[0] = *a; }
