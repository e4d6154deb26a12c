// A vector cannot be assigned to a vector of a different width.
__kernel void k(__global float4 *o) { float2 a = (float2)(1.0f); float4 b = a; o[0] = b; }
