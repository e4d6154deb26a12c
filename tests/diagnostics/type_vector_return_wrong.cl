// Returning an int4 from a function returning float4.
float4 f(int4 v) { return v; }
__kernel void k(__global float4 *o) { o[0] = f((int4)(1)); }
