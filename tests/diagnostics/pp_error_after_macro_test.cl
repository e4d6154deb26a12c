// #error reached through a taken #ifdef branch.
#define NEED_FP64
#ifdef NEED_FP64
#error "fp64 required"
#endif
__kernel void k(__global int *o) { o[0] = 1; }
