// A program-scope __constant variable defined twice.
__constant int c = 1;
__constant int c = 2;
__kernel void k(__global int *o) { o[0] = c; }
