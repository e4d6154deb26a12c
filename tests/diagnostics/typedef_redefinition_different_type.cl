// A typedef name redefined with a different type (same type is allowed).
typedef int T;
typedef float T;

__kernel void k(__global int *out) { out[0] = 1; }
