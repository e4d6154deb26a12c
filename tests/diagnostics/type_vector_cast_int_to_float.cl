// An explicit cast between vector types of different element types.
__kernel void k(__global float4 *o) { int4 a = (int4)(1); o[0] = (float4)a; }
