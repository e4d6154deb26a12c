// An octal literal containing the digit 9.
__kernel void k(__global int *o) { o[0] = 019; }
