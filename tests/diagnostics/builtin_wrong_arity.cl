// A built-in called with the wrong number of arguments.
__kernel void k(__global float *o) { o[0] = sqrt(1.0f, 2.0f); }
