struct s { int a; float a; };
__kernel void k(__global int *out) { out[0] = 0; }
