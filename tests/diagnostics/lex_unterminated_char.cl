// An unterminated character literal.
__kernel void k(__global int *o) { o[0] = 'a; }
