// #define without a macro name.
#define
__kernel void k(__global int *o) { o[0] = 1; }
