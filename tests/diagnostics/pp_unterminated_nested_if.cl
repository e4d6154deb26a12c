// A nested #if closed only once.
#if 1
#if 0
#endif
__kernel void k(__global int *o) { o[0] = 1; }
