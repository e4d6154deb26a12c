// A vector literal with too many components.
__kernel void k(__global float2 *o) { o[0] = (float2)(1.0f, 2.0f, 3.0f); }
