// A typedef may be redefined to the same type (C11, accepted by clang in OpenCL C),
// as happens when an unguarded header is included twice.
typedef float real;
typedef float real;
typedef char pair_of_chars[2];
typedef char pair_of_chars[2];
typedef char check_same[sizeof(pair_of_chars) == 2 && sizeof(real) == 4 ? 1 : -1];
typedef char check_same[sizeof(pair_of_chars) == 2 && sizeof(real) == 4 ? 1 : -1];

__kernel void typedef_redefinition(__global float *out) {
    pair_of_chars p = {1, 2};
    real r = p[1];
    out[0] = r;
}
