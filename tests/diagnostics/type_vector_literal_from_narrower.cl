// A float4 vector literal built from a single float2 has too few components.
__kernel void k(__global float4 *o) { o[0] = (float4)((float2)(1.0f)); }
