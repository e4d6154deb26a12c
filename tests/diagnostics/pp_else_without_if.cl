// #else without a preceding #if.
#else
__kernel void k(__global int *o) { o[0] = 1; }
