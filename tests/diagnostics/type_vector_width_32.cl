// int32 is not a valid vector type (widths are 2, 3, 4, 8, 16).
__kernel void k(__global int *o) { int32 v; o[0] = 1; }
