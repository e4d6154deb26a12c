// Using an undeclared identifier in an expression.
__kernel void k(__global int *o) { o[0] = count + 1; }
