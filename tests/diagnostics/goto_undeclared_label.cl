__kernel void k(__global int *out) { goto nowhere; }
