// Assigning a __global pointer to a __local pointer.
__kernel void k(__global int *g, __local int *l) { l = g; l[0] = 1; }
