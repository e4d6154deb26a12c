// A binary operator missing its right operand in #if.
#if 1 +
#endif
__kernel void k(__global int *o) { o[0] = 1; }
