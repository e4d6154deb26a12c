// clamp with a vector value and a different-width vector bound.
__kernel void k(__global float4 *o) { o[0] = clamp((float4)(1.0f), (float2)(0.0f), (float2)(1.0f)); }
