// atomic_int is an OpenCL C 2.0 type.
kernel void k(global atomic_int *a) { }
