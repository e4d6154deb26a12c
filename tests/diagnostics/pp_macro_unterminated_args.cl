// Function-like macro invocation with no closing parenthesis.
#define F(a) (a)
__kernel void k(__global int *o) { o[0] = F(1; }
