// An array subscript with no index expression.
__kernel void k(__global int *o) { o[] = 1; }
