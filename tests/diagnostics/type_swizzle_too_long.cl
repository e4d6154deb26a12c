// A swizzle naming five components.
__kernel void k(__global float *o) { float4 v = (float4)(1.0f); o[0] = v.xyzwx.x; }
