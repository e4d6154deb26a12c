// A variable-length array (non-constant size) in OpenCL C 1.2.
__kernel void k(__global int *o, int n) { int a[n]; a[0] = 1; o[0] = a[0]; }
