// Pointers into __global and __local memory cannot be compared: the spaces do not overlap.
kernel void k(global int *g, local int *l, global int *o) { o[0] = g == l; }
