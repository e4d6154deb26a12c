__kernel void k(__global float4 *out, int2 c, float4 a, float4 b) { out[0] = c ? a : b; }
