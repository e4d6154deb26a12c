// defined without an identifier in #if.
#if defined(1)
#endif
__kernel void k(__global int *o) { o[0] = 1; }
