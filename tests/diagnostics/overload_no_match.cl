__attribute__((overloadable)) int twice(int x) { return 2 * x; }
__attribute__((overloadable)) float twice(float x) { return 2 * x; }
__kernel void k(__global int *out) { out[0] = twice(out); }
