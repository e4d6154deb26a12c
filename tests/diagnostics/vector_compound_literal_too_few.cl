__kernel void k(__global float4 *out, float v) { out[0] = (float4){v, v}; }
