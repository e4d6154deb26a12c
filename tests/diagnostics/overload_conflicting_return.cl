__attribute__((overloadable)) int twice(int x);
__attribute__((overloadable)) float twice(int x) { return 2 * x; }
__kernel void k(__global int *out) { out[0] = twice(1); }
