// The h suffix needs cl_khr_fp16.
kernel void k(global float *o) { o[0] = 1.0h; }
