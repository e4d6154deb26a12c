__kernel void k(__global float *p) { p[0] = p[1] % 2.0f; }
