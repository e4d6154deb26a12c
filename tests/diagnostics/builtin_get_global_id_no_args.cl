// get_global_id needs one argument.
__kernel void k(__global int *o) { o[0] = (int)get_global_id(); }
