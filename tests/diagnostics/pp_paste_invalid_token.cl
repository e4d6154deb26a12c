// ## producing something that is not a single valid token.
#define CAT(a, b) a ## b
__kernel void k(__global int *o) { o[0] = CAT(+, -) 1; }
