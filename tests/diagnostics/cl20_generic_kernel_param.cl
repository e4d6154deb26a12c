// CL-STD: CL2.0
// An unqualified kernel pointer parameter points to __generic, which kernels may not take.
kernel void k(int *o) { o[0] = 1; }
