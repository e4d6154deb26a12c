// #ifdef without a matching #endif.
#ifdef FOO
__kernel void k(__global int *o) { o[0] = 1; }
