// A function redeclared with a different return type.
int f(int a);
float f(int a) { return 1.0f; }
__kernel void k(__global float *o) { o[0] = f(1); }
