__kernel int k(__global int *p) { return p[0]; }
