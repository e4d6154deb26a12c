// A macro parameter list with no closing parenthesis.
#define F(a, b
__kernel void k(__global int *o) { o[0] = 1; }
