// Assigning to a component of a const vector.
__kernel void k(__global float *o) { const float4 v = (float4)(1.0f); v.x = 2.0f; o[0] = v.x; }
