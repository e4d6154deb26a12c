// #error with a message stops compilation.
#error "unsupported configuration"
__kernel void k(__global int *o) { o[0] = 1; }
