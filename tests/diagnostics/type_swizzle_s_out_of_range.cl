// .s4 on a 4-component vector.
__kernel void k(__global float *o) { float4 v = (float4)(1.0f); o[0] = v.s4; }
