// Two type specifiers that cannot combine.
__kernel void k(__global int *o) { int float x = 1; o[0] = x; }
