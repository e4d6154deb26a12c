// CL-STD: CL2.0
// A __generic pointer converts to a named space only through an explicit cast.
void store(int *p) { global int *g = p; *g = 1; }
kernel void k(global int *o) { store(o); }
