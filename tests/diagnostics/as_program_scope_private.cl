// A program-scope variable without __constant in OpenCL C 1.2.
float scale = 2.0f;
__kernel void k(__global float *o) { o[0] = scale; }
