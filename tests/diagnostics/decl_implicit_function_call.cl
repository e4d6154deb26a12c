// Calling a function that was never declared.
__kernel void k(__global int *o) { o[0] = compute_value(3); }
