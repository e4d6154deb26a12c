// A misspelled convert_ built-in.
__kernel void k(__global int *o) { o[0] = convert_integer(1.0f); }
