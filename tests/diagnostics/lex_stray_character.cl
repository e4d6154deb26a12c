// A stray character that is not a valid token.
__kernel void k(__global int *o) { o[0] = 1 @ 2; }
