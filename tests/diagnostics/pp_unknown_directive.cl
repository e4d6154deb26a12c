// An unknown preprocessing directive.
#frobnicate
__kernel void k(__global int *o) { o[0] = 1; }
