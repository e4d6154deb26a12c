// Compound assignment to a const variable.
__kernel void k(__global int *o) { const int c = 1; c += 2; o[0] = c; }
