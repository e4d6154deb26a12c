// A kernel returning a value (void function with return expression).
__kernel void k(__global int *o) { return o[0]; }
