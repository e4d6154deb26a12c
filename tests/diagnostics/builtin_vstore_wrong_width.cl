// vstore4 given a float2 value.
__kernel void k(__global float *o) { vstore4((float2)(1.0f), 0, o); }
