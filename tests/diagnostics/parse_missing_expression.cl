// A binary operator missing its right operand.
__kernel void k(__global int *o) { o[0] = 1 + ; }
