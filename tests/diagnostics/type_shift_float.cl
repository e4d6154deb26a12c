// Shift with a float operand.
__kernel void k(__global float *o) { float a = 1.0f; o[0] = a << 1; }
