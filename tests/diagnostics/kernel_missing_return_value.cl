// A non-void function returning without a value.
int f(void) { return; }
__kernel void k(__global int *o) { o[0] = f(); }
