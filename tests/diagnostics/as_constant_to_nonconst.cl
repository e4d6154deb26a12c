// Assigning a __constant pointer to a __global pointer.
__kernel void k(__constant int *c, __global int *g) { g = c; g[0] = 1; }
