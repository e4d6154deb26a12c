// Repeated components on the left of an assignment (.s00).
__kernel void k(__global float2 *o) { float4 v = (float4)(1.0f); v.s00 = (float2)(1.0f); o[0] = v.xy; }
