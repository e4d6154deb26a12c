// Calling a user function with too few arguments.
int f(int a, int b) { return a + b; }
__kernel void k(__global int *o) { o[0] = f(1); }
