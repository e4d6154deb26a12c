// event_t is not a valid kernel parameter type.
__kernel void k(event_t e, __global int *o) { o[0] = 1; }
