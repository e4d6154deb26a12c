// A floating literal in an #if expression.
#if 1.5
#endif
__kernel void k(__global int *o) { o[0] = 1; }
