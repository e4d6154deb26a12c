// barrier needs a flags argument.
__kernel void k(__global int *o) { barrier(); o[0] = 1; }
