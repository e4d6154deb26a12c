// A hexadecimal floating literal without its p exponent.
__kernel void k(__global float *out) { out[0] = 0x1.8; }
