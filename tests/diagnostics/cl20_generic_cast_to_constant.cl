// CL-STD: CL2.0
// No cast takes a __generic pointer into __constant memory.
int first(int *p) { return *(constant int *)p; }
kernel void k(global int *o) { o[0] = first(o); }
