// vload4 with a non-pointer argument.
__kernel void k(__global float4 *o) { o[0] = vload4(0, 1.0f); }
