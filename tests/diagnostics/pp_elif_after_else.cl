// #elif after #else in the same group.
#if 0
#else
#elif 1
#endif
__kernel void k(__global int *o) { o[0] = 1; }
