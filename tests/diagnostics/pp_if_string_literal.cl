// A string literal in an #if expression.
#if "abc"
#endif
__kernel void k(__global int *o) { o[0] = 1; }
