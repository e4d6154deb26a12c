// half variables need '#pragma OPENCL EXTENSION cl_khr_fp16 : enable'.
kernel void k(global half *p, global float *o) {
  half x = 1;
  o[0] = vload_half(0, p);
}
