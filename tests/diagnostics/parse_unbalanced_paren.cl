// An expression with an unclosed parenthesis.
__kernel void k(__global int *o) { o[0] = (1 + 2; }
