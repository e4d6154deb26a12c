// Casting to half needs cl_khr_fp16.
kernel void k(global float *o) { o[0] = (float)(half)2.0f; }
