// Function-like macro invoked with too few arguments.
#define ADD(a, b) ((a) + (b))
__kernel void k(__global int *o) { o[0] = ADD(1); }
