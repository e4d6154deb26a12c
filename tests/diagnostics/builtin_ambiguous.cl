// An int argument makes the overloaded built-in call ambiguous.
__kernel void k(__global float *o) { o[0] = sqrt(2); }
