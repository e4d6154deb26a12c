// The pragma holds from where it stands: disabling it ends half support.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global half *p) { half x = p[0]; p[1] = x; }
#pragma OPENCL EXTENSION cl_khr_fp16 : disable
kernel void k2(global half *p) { half x = p[0]; }
