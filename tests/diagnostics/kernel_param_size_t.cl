// size_t is not a valid kernel parameter type.
__kernel void k(size_t n, __global int *o) { o[0] = (int)n; }
