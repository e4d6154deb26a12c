// A local array with no size and no initializer.
__kernel void k(__global int *o) { int a[]; o[0] = 1; }
