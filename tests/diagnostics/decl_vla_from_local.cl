// A variable-length array sized by a local variable.
__kernel void k(__global int *o) { int n = 4; int a[n]; a[0] = 1; o[0] = a[0]; }
