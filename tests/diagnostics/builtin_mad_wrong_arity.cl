// mad needs three arguments.
__kernel void k(__global float *o) { o[0] = mad(1.0f, 2.0f); }
