// Using an unknown type name.
__kernel void k(__global int *o) { mytype x = 1; o[0] = x; }
