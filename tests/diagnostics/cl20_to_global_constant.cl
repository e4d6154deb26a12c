// CL-STD: CL2.0
// to_global takes a pointer that converts to __generic, which a __constant one does not.
kernel void k(global int *o, constant int *c) { o[0] = to_global(c) != 0; }
