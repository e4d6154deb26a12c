// Binary operator on vectors of different element types.
__kernel void k(__global int4 *o) { int4 a = (int4)(1); uint4 b = (uint4)(2); o[0] = a + b; }
