__constant float4 v = { 1.0f, 2.0f };
__kernel void k(__global float *out) { out[0] = v.x; }
