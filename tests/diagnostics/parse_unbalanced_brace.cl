// A function body missing its closing brace.
__kernel void k(__global int *o) {
    o[0] = 1;
