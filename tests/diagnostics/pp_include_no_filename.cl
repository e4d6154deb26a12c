// #include without a file name.
#include
__kernel void k(__global int *o) { o[0] = 1; }
