// Casting between named address spaces.
__kernel void k(__global int *g) { __local int *l = (__local int *)g; l[0] = 1; }
