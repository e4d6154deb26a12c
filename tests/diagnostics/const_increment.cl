// Incrementing a const variable.
__kernel void k(__global int *o) { const int c = 1; c++; o[0] = c; }
