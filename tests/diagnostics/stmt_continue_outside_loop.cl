// continue outside any loop.
__kernel void k(__global int *o) { continue; }
