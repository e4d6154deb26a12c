// atomic_inc with a __local float pointer.
__kernel void k(__local float *l, __global int *o) { atomic_inc(l); o[0] = 1; }
