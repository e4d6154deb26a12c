// default label outside a switch.
__kernel void k(__global int *o) { default: o[0] = 1; }
