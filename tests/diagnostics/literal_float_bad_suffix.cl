// A floating literal with a suffix other than f/h/l.
__kernel void k(__global float *out) { out[0] = 1.5fx; }
