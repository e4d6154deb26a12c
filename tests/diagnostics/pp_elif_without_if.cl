// #elif without a preceding #if.
#elif 1
__kernel void k(__global int *o) { o[0] = 1; }
