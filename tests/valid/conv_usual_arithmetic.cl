// The usual arithmetic conversions: integer promotion of char/short to int, the
// unsigned/signed ladder, and floating types winning over integers.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef char check_promotion[(sizeof((char)1 + (char)1) == 4 && sizeof((ushort)1 * (uchar)1) == 4) ? 1 : -1];
typedef char check_promotion_signed[((uchar)0 - 1 < 0 && (ushort)0 - 1 < 0) ? 1 : -1];
typedef char check_unsigned_wins[(1u + -2 > 0 && sizeof(1u + -2) == 4) ? 1 : -1];
// long can represent every uint, so -1L < 1u compares as long.
typedef char check_long_vs_uint[(-1L < 1u && sizeof(-1L + 1u) == 8) ? 1 : -1];
// long cannot represent every ulong, so -1L > 1ul (both as ulong).
typedef char check_ulong_wins[(-1L > 1ul && sizeof(1ul + 1L) == 8) ? 1 : -1];
typedef char check_float_wins[(sizeof(1.0f + 1) == 4 && sizeof(1.0f + 1L) == 4 && sizeof(1.0f + 1.0) == 8 && sizeof(1 + 1.0) == 8) ? 1 : -1];
typedef char check_shift_type[(sizeof(1 << 2L) == 4 && sizeof(1L << 2) == 8 && sizeof((char)1 << 2) == 4) ? 1 : -1];
typedef char check_ternary[(sizeof(1 ? 1 : 2.0f) == 4 && sizeof(1 ? (char)1 : (short)1) == 4 && sizeof(1 ? 1L : 1u) == 8) ? 1 : -1];
typedef char check_integer_division[(7 / 2 == 3 && -7 / 2 == -3 && -7 % 2 == -1 && 7u / 2u == 3u) ? 1 : -1];

__kernel void usual_arithmetic(__global float *out, __global double *d, char c, uchar uc, short s,
                               uint u, long l, ulong ul) {
    typedef char check_compound_assign[sizeof(c += 1000) == 1 && sizeof(c = 1L) == 1 ? 1 : -1];
    int i = c + uc; // both promote to int
    long m = u + l; // uint converts to long
    ulong n = l + ul; // long converts to ulong
    float f = i + 0.5f;
    double g = f + 1.0;
    out[0] = i + m + n + f + s;
    d[0] = g;
}
