// Binary operator on vectors of different widths.
__kernel void k(__global float4 *o) { float2 a = (float2)(1.0f); float4 b = (float4)(2.0f); o[0] = a + b; }
