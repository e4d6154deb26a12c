// Without cl_khr_fp16, half is read through vload_half, not loaded directly.
kernel void k(global half *p, global float *o) { o[0] = p[0]; }
