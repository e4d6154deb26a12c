// Numeric literals: every integer suffix and base, the type ladder of unsuffixed
// literals, float suffixes (f, h, none = double), hex floats and exponents.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef char check_int[sizeof(1) == 4 ? 1 : -1];
typedef char check_u[sizeof(1u) == 4 && (1u - 2) > 0 ? 1 : -1];
typedef char check_l[sizeof(1l) == 8 && sizeof(1L) == 8 ? 1 : -1];
typedef char check_ul[sizeof(1ul) == 8 && sizeof(1UL) == 8 && sizeof(1lu) == 8 && (1ul - 2) > 0 ? 1 : -1];
// An unsuffixed decimal too big for int is long; a hex one fits unsigned int first.
typedef char check_ladder_dec[sizeof(2147483648) == 8 ? 1 : -1];
typedef char check_ladder_hex[sizeof(0x80000000) == 4 && 0x80000000 > 0 ? 1 : -1];
typedef char check_ladder_hex_long[sizeof(0x100000000) == 8 ? 1 : -1];
typedef char check_bases[(0x1F == 31 && 0X1f == 31 && 017 == 15 && 0 == 00) ? 1 : -1];
typedef char check_float_types[(sizeof(1.0f) == 4 && sizeof(1.0F) == 4 && sizeof(1.0) == 8 && sizeof(1.0h) == 2) ? 1 : -1];
// A floating constant cast to an integer is an integer constant expression.
typedef char check_hex_float[((int)0x1p4f == 16 && (int)0x1.8p1 == 3 && (int)0X.8P+1 == 1 && (int)0x10p-4 == 1) ? 1 : -1];
typedef char check_hex_float_fraction[((int)0x1.fp3 == 15 && (int)0x1p-1 == 0 && (long)0x1p40 == 1099511627776) ? 1 : -1];
typedef char check_exponents[((long)1e3 == 1000 && (int)2.5E1f == 25 && (int).5 == 0 && (int)5. == 5 && (int)1.5e+1 == 15) ? 1 : -1];
typedef char check_int_max[(0xFFFFFFFFFFFFFFFFul == 18446744073709551615ul) ? 1 : -1];

__kernel void literals(__global float *out, __global double *d, __global half *h) {
    out[0] = 1.0f + 0x1.fffffep127f / 2 + 1e-3f + 2.f;
    d[0] = 0x1.921fb54442d18p+1 + 1e308 + 4.9e-324;
    long big = 9223372036854775807L;
    ulong ubig = 18446744073709551615UL;
    uint ux = 0xffffffffu;
    out[1] = (float)big + (float)ubig + (float)ux + 0.5h;
    vstore_half(1.0f, 0, h);
}
