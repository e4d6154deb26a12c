// CL-STD: CL2.0
// A __constant pointer does not convert to a __generic one.
int first(const int *p) { return p[0]; }
kernel void k(global int *o, constant int *c) { o[0] = first(c); }
