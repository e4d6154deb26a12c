// A function declared to return a function type.
int f(void)(void);

__kernel void k(__global int *out) { out[0] = 1; }
