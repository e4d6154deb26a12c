// Division by zero in an #if expression.
#if 1 / 0
#endif
__kernel void k(__global int *o) { o[0] = 1; }
