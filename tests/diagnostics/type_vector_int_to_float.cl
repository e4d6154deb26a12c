// No implicit conversion between int4 and float4.
__kernel void k(__global float4 *o) { int4 a = (int4)(1); float4 b = a; o[0] = b; }
