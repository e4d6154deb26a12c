// vload4 with a pointer to the wrong element type.
__kernel void k(__global int *p, __global float4 *o) { o[0] = vload4(0, (__global float4 *)p); }
