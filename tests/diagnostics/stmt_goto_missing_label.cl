// goto to a label that does not exist.
__kernel void k(__global int *o) { if (o[0]) goto done; o[0] = 1; }
