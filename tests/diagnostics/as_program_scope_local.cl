// Program-scope variables must be __constant in OpenCL C 1.2 (__local here).
__local int x;
__kernel void k(__global int *o) { o[0] = x; }
