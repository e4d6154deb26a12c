// Writing through a __constant pointer.
__kernel void k(__constant int *c) { c[0] = 1; }
