// Assigning through .z on a 2-component vector.
__kernel void k(__global float2 *o) { float2 v = (float2)(1.0f); v.z = 1.0f; o[0] = v; }
