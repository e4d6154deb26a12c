// A function-scope variable cannot be __global.
__kernel void k(__global int *o) { __global int x = 1; o[0] = x; }
