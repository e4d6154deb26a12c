// dot has no integer overload.
__kernel void k(__global int *o) { o[0] = dot((int4)(1), (int4)(2)); }
