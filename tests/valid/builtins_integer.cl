// Integer built-ins (6.12.3) for every integer gentype; abs and abs_diff return the
// unsigned type, upsample widens, mad24/mul24 take 32-bit types only.
#define INTEGER(T, UT, S, x)                                                                  \
    {                                                                                         \
        UT u1 = abs(x) + abs_diff(x, x);                                                      \
        T i1 = add_sat(x, x) + hadd(x, x) + rhadd(x, x) + clamp(x, x, x) + clz(x);            \
        T i2 = mad_hi(x, x, x) + mad_sat(x, x, x) + max(x, x) + min(x, x) + mul_hi(x, x);     \
        T i3 = rotate(x, x) + sub_sat(x, x) + popcount(x) + clamp(x, (S)0, (S)9);             \
        T i4 = max(x, (S)1) + min(x, (S)1) + i1 + i2 + i3;                                    \
        out[0] += (long)(u1.s0 + i4.s0);                                                      \
    }
#define INTEGER_SCALAR(T, UT, x)                                                              \
    {                                                                                         \
        UT u1 = abs(x) + abs_diff(x, x);                                                      \
        T i1 = add_sat(x, x) + hadd(x, x) + rhadd(x, x) + clamp(x, x, x) + clz(x);            \
        T i2 = mad_hi(x, x, x) + mad_sat(x, x, x) + max(x, x) + min(x, x) + mul_hi(x, x);     \
        T i3 = rotate(x, x) + sub_sat(x, x) + popcount(x) + i1 + i2;                          \
        out[0] += (long)(u1 + i3);                                                            \
    }
#define BOTH_SIGNS(T, UT, v)                                                                  \
    INTEGER(T##2, UT##2, T, (T##2)(v))                                                        \
    INTEGER(T##3, UT##3, T, (T##3)(v))                                                        \
    INTEGER(T##4, UT##4, T, (T##4)(v))                                                        \
    INTEGER(T##8, UT##8, T, (T##8)(v))                                                        \
    INTEGER(T##16, UT##16, T, (T##16)(v))                                                     \
    INTEGER(UT##2, UT##2, UT, (UT##2)(v))                                                     \
    INTEGER(UT##16, UT##16, UT, (UT##16)(v))                                                  \
    INTEGER_SCALAR(T, UT, (T)(v))                                                             \
    INTEGER_SCALAR(UT, UT, (UT)(v))
// ctz is OpenCL C 2.0; upsample pins the widened types.
typedef char check_upsample[(sizeof(upsample((char)1, (uchar)1)) == 2 && sizeof(upsample((uint4)(1), (uint4)(1))) == 32) ? 1 : -1];
typedef char check_abs_size[sizeof(abs((short)1)) == 2 && sizeof(abs_diff((long2)(1), (long2)(2))) == 16 ? 1 : -1];

__kernel void integer_fns(__global long *out, char c, short s, int i, long l) {
    BOTH_SIGNS(char, uchar, c)
    BOTH_SIGNS(short, ushort, s)
    BOTH_SIGNS(int, uint, i)
    BOTH_SIGNS(long, ulong, l)
    short up_s = upsample(c, (uchar)c);
    ushort up_us = upsample((uchar)c, (uchar)c);
    int4 up_i = upsample((short4)(s), (ushort4)(s));
    ulong8 up_ul = upsample((uint8)(i), (uint8)(i));
    int m24 = mad24(i, i, i) + mul24(i, i);
    uint4 um24 = mad24((uint4)(i), (uint4)(i), (uint4)(i)) + mul24((uint4)(i), (uint4)(i));
    out[1] = up_s + up_us + up_i.x + up_ul.s7 + m24 + um24.w;
}
