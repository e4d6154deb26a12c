// Passing a float2 to a float4 parameter.
float f(float4 v) { return v.x; }
__kernel void k(__global float *o) { float2 a = (float2)(1.0f); o[0] = f(a); }
