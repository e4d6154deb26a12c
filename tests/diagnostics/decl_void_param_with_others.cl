// A parameter of type void next to other parameters.
void f(void, int a) { }
__kernel void k(__global int *o) { o[0] = 1; }
