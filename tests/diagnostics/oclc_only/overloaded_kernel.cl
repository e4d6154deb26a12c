__attribute__((overloadable)) __kernel void k(__global int *out) { }
__attribute__((overloadable)) __kernel void k(__global float *out) { }
