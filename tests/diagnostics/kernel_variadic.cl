// Variadic functions are not allowed in OpenCL C.
void f(int n, ...) { }
__kernel void k(__global int *o) { f(1, 2); o[0] = 1; }
