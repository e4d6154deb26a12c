// ptrdiff_t is not a valid kernel parameter type.
__kernel void k(ptrdiff_t d, __global int *o) { o[0] = (int)d; }
