// ## cannot appear at the start of a replacement list.
#define F(a) ## a
__kernel void k(__global int *o) { o[0] = 1; }
