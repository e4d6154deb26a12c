// bool is not a valid kernel parameter type.
__kernel void k(bool b, __global int *o) { o[0] = b; }
