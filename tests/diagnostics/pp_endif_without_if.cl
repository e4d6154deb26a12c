// #endif without a preceding #if.
#endif
__kernel void k(__global int *o) { o[0] = 1; }
