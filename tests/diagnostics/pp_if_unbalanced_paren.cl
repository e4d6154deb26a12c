// #if expression with an unbalanced parenthesis.
#if (1 + 2
#endif
__kernel void k(__global int *o) { o[0] = 1; }
