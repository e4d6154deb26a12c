// break inside an if that is not inside a loop or switch.
__kernel void k(__global int *o) { if (o[0]) break; o[0] = 1; }
