// half is not a valid kernel parameter type without cl_khr_fp16.
__kernel void k(half h, __global int *o) { o[0] = 1; }
