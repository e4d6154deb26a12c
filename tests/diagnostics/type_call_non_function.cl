// Calling something that is not a function.
__kernel void k(__global int *o) { int a = 1; o[0] = a(2); }
