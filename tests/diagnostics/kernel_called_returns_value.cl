// A void function's result cannot be used as a value.
void f(void) { }
__kernel void k(__global int *o) { o[0] = f(); }
