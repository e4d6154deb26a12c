// An address space on a function's value result (it may only qualify a returned pointer's pointee).
__global int f(void) { return 1; }
__kernel void k(__global int *o) { o[0] = f(); }
