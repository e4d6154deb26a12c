// A string initializer for an int array.
__kernel void k(__global int *o) { int a[4] = "abc"; o[0] = a[0]; }
