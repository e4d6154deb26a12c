// Two parameters with the same name.
__kernel void k(__global int *o, int o) { }
