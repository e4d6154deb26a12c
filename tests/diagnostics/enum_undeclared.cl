enum color { RED, GREEN };
__kernel void k(__global int *out) { out[0] = BLUE; }
