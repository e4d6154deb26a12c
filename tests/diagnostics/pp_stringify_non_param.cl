// # in a function-like macro must be followed by a parameter name.
#define STR(a) # b
__kernel void k(__global int *o) { o[0] = 1; }
