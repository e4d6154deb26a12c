// A void expression used as a loop condition.
void f(void) { }
__kernel void k(__global int *o) { while (f()) o[0] = 1; }
