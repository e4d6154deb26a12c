__attribute__((overloadable)) int twice(int x) { return 2 * x; }
int twice(long x) { return 0; }
int twice(short x) { return 1; }
__kernel void k(__global int *out) { out[0] = twice(1); }
