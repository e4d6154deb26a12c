struct pt { float x; };
struct pt { int y; };
__kernel void k(__global int *out) { out[0] = 1; }
