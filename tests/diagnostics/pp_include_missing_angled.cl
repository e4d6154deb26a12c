// #include <...> of a system header that does not exist.
#include <no_such_system_header.h>
__kernel void k(__global int *o) { o[0] = 1; }
