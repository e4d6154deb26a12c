// A pointer cannot be assigned to a float.
__kernel void k(__global float *o) { float f = o; o[0] = f; }
