// to_global is an OpenCL C 2.0 built-in.
kernel void k(global int *o) { o[0] = to_global(o) != 0; }
