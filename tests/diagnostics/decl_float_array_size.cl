// An array size of floating type.
__kernel void k(__global int *o) { int a[2.0f]; o[0] = 1; }
