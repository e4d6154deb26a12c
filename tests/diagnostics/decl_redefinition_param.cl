// A local redeclaring a parameter in the function's outermost block.
__kernel void k(__global int *o) { int o = 1; }
