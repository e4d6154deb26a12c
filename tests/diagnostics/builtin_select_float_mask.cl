// select with a floating-point mask.
__kernel void k(__global float *o) { o[0] = select(1.0f, 2.0f, 1.0f); }
