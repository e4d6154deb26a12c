// An array of void.
__kernel void k(__global int *o) { void a[4]; o[0] = 1; }
