struct flags { int a : 3; int b : 5; };
__kernel void k(__global int *out) { out[0] = sizeof(struct flags); }
