// A __local variable cannot have an initializer.
__kernel void k(__global int *o) { __local int a[2] = {1, 2}; o[0] = a[0]; }
