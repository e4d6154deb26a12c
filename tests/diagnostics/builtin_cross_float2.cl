// cross is only defined for 3- and 4-component vectors.
__kernel void k(__global float2 *o) { o[0] = cross((float2)(1.0f), (float2)(2.0f)); }
