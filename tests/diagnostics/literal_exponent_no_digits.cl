// A floating literal whose exponent has no digits.
__kernel void k(__global float *out) { out[0] = 1.0e; }
