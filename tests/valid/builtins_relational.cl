// Relational built-ins (6.12.6): the is* tests return int for scalars and a signed
// integer vector of the argument's element size for vectors; any/all take signed
// integer vectors; bitselect and select for every type.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define TESTS(T, IT, x)                                                                        \
    {                                                                                          \
        IT r1 = isequal(x, x) + isnotequal(x, x) + isgreater(x, x) + isgreaterequal(x, x);     \
        IT r2 = isless(x, x) + islessequal(x, x) + islessgreater(x, x) + isfinite(x);          \
        IT r3 = isinf(x) + isnan(x) + isnormal(x) + isordered(x, x) + isunordered(x, x);       \
        IT r4 = signbit(x) + r1 + r2 + r3;                                                     \
        T b = bitselect(x, x, x);                                                              \
        T s1 = select(x, x, r4);                                                               \
        out[0] += any(r4) + all(r4) + (int)b.s0 + (int)s1.s0;                                  \
    }
typedef char check_scalar_int[(sizeof(isnan(1.0)) == 4 && sizeof(isequal(1.0f, 1.0f)) == 4) ? 1 : -1];
typedef char check_double_long[sizeof(isinf((double2)(1.0))) == 16 ? 1 : -1];

__kernel void relational_fns(__global int *out, float f, double d, int i, uint u, char c) {
    out[1] = isequal(f, f) + isnan(d) + signbit(f) + any(i) + all(c) + isordered(d, d);
    TESTS(float2, int2, (float2)(f))
    TESTS(float3, int3, (float3)(f))
    TESTS(float4, int4, (float4)(f))
    TESTS(float8, int8, (float8)(f))
    TESTS(float16, int16, (float16)(f))
    TESTS(double2, long2, (double2)(d))
    TESTS(double4, long4, (double4)(d))
    TESTS(double16, long16, (double16)(d))
    // select's mask may be signed or unsigned, of the element size; bitselect on integers.
    uint4 us = select((uint4)(u), (uint4)(1), (uint4)(0x80000000u));
    char16 cs = select((char16)(c), (char16)(1), (uchar16)(0xff));
    long sl = select((long)i, 1L, 1UL);
    float fs = select(f, 1.0f, i) + select(f, 2.0f, u);
    ulong8 bl = bitselect((ulong8)(u), (ulong8)(1), (ulong8)(3));
    short3 bs = bitselect((short3)(c), (short3)(i), (short3)(0));
    out[2] = us.x + cs.s0 + sl + (int)fs + bl.s1 + bs.z + any((long2)(i)) + all((short16)(c));
}
