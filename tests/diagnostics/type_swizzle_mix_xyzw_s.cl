// Mixing .xyzw and .sN component names in one swizzle.
__kernel void k(__global float2 *o) { float4 v = (float4)(1.0f); o[0] = v.xs1; }
