// A void function returning a value.
void f(void) { return 1; }
__kernel void k(__global int *o) { f(); o[0] = 1; }
