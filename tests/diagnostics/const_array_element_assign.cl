// Assigning to an element of a const array.
__kernel void k(__global int *o) { const int a[2] = {1, 2}; a[0] = 3; o[0] = a[0]; }
