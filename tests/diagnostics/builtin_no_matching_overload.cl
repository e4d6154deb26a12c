// No overload of a built-in matches a pointer argument.
__kernel void k(__global float *o) { o[0] = sin(o); }
