// Arrays are not assignable.
__kernel void k(__global int *o) { int a[2] = {1, 2}; int b[2]; b = a; o[0] = b[0]; }
