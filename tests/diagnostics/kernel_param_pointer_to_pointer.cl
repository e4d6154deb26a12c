// A kernel parameter cannot be a pointer to a pointer.
__kernel void k(__global int *__global *pp) { }
