__kernel void k(__global short4 *out, int4 c, short4 a, short4 b) { out[0] = c ? a : b; }
