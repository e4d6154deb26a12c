// A program-scope __constant variable must be initialized.
__constant int c;
__kernel void k(__global int *o) { o[0] = c; }
