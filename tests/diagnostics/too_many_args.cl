int add(int a, int b) { return a + b; }
__kernel void k(__global int *p) { p[0] = add(1, 2, 3); }
