// A macro parameter name used twice.
#define F(a, a) (a)
__kernel void k(__global int *o) { o[0] = 1; }
