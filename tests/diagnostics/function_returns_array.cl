// A function declared to return an array type.
int f(void)[4];

__kernel void k(__global int *out) { out[0] = 1; }
