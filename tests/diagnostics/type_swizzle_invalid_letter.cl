// .q is not a vector component name.
__kernel void k(__global float *o) { float4 v = (float4)(1.0f); o[0] = v.q; }
