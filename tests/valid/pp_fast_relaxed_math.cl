// -cl-fast-relaxed-math defines __FAST_RELAXED_MATH__ (to 1).
// RUN-OPTIONS: -cl-fast-relaxed-math
typedef char check_fast[(__FAST_RELAXED_MATH__ == 1) ? 1 : -1];

__kernel void fast_relaxed(__global float *out) { out[0] = native_sin(out[1]); }
