// half parameters need cl_khr_fp16.
float twice(half x) { return 2.0f; }
kernel void k(global float *o) { o[0] = 1.0f; }
