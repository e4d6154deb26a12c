// An array with a negative size.
__kernel void k(__global int *o) { int a[-1]; o[0] = 1; }
