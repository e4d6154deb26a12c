// Bitwise AND on float operands.
__kernel void k(__global float *o) { o[0] = o[1] & o[2]; }
