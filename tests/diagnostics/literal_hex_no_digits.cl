// A 0x prefix with no hexadecimal digits after it.
__kernel void k(__global int *out) { out[0] = 0x; }
