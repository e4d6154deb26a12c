// #include of a header that does not exist.
#include "no_such_header_here.h"
__kernel void k(__global int *o) { o[0] = 1; }
