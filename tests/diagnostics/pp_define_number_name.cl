// #define with a number as the macro name.
#define 42 x
__kernel void k(__global int *o) { o[0] = 1; }
