// A swizzle on a scalar.
__kernel void k(__global float *o) { float f = 1.0f; o[0] = f.x; }
