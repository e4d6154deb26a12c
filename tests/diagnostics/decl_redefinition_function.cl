// A function defined twice.
int f(void) { return 1; }
int f(void) { return 2; }
__kernel void k(__global int *o) { o[0] = f(); }
