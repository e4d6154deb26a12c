// float5 is not a valid vector type.
__kernel void k(__global float *o) { float5 v; o[0] = 1.0f; }
