// A function-scope __constant variable must be initialized.
__kernel void k(__global int *o) { __constant int c; o[0] = 1; }
