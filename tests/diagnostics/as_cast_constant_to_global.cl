// Casting a __constant pointer to a __global pointer.
__kernel void k(__constant int *c, __global int *o) { __global int *g = (__global int *)c; o[0] = g[0]; }
