// RUN: --kernel int_char --global 128 --local 16 --arg u64[256]=rand:241 --arg i8[2560]=zeros
// RUN: --kernel int_uchar --global 128 --local 16 --arg u64[256]=rand:242 --arg u8[2560]=zeros
// RUN: --kernel int_short --global 128 --local 16 --arg u64[256]=rand:243 --arg i16[2560]=zeros
// RUN: --kernel int_ushort --global 128 --local 16 --arg u64[256]=rand:244 --arg u16[2560]=zeros
// RUN: --kernel int_int --global 128 --local 16 --arg u64[256]=rand:245 --arg i32[2560]=zeros
// RUN: --kernel int_uint --global 128 --local 16 --arg u64[256]=rand:246 --arg u32[2560]=zeros
// RUN: --kernel int_long --global 128 --local 16 --arg u64[256]=rand:247 --arg i64[2560]=zeros
// RUN: --kernel int_ulong --global 128 --local 16 --arg u64[256]=rand:248 --arg u64[2560]=zeros
// RUN: --kernel int_misc --global 64 --local 16 --arg i32[64]=randu:249:-8388608:8388607 --arg u32[64]=randu:250:0:16777215 --arg u64[64]=rand:251 --arg i64[512]=zeros
// The integer built-ins (abs, abs_diff, add_sat, sub_sat, hadd, rhadd, clamp, clz,
// popcount, mad_hi, mad_sat, max, min, mul_hi, rotate) over every integer type, on random
// bit patterns and on all pairs of the type's edge values (0, 1, -1, MIN, MAX, MIN+1,
// MAX-1), scalar and as 2-, 3- and 4-lane vectors. Unsigned results of abs/abs_diff are
// stored as the type.
#define EDGES(T, MIN, MAX) \
    T edge[8] = {(T)0, (T)1, (T)-1, MIN, MAX, (T)(MIN + 1), (T)(MAX - 1), (T)2};

#define INT_KERNEL(NAME, T, UT, MIN, MAX)                                               \
__kernel void NAME(__global const ulong *in, __global T *out)                           \
{                                                                                       \
    int i = get_global_id(0);                                                           \
    EDGES(T, MIN, MAX)                                                                  \
    T x = i < 64 ? edge[i & 7] : (T)in[2 * i];                                          \
    T y = i < 64 ? edge[i >> 3] : (T)in[2 * i + 1];                                     \
    T z = (T)(in[i] >> 7);                                                              \
    __global T *o = out + i * 20;                                                       \
    o[0] = (T)abs(x);                                                                   \
    o[1] = (T)abs_diff(x, y);                                                           \
    o[2] = add_sat(x, y);                                                               \
    o[3] = sub_sat(x, y);                                                               \
    o[4] = hadd(x, y);                                                                  \
    o[5] = rhadd(x, y);                                                                 \
    o[6] = clamp(x, min(y, z), max(y, z));                                              \
    o[7] = clz(x);                                                                      \
    o[8] = popcount(x);                                                                 \
    o[9] = mad_hi(x, y, z);                                                             \
    o[10] = mad_sat(x, y, z);                                                           \
    o[11] = mul_hi(x, y);                                                               \
    o[12] = rotate(x, y);                                                               \
    o[13] = rotate(x, (T)(i - 3));                                                      \
    o[14] = max(x, y) ^ min(x, z);                                                      \
    T##2 v2 = (T##2)(x, y);                                                             \
    T##2 r2 = add_sat(v2, v2.yx) ^ sub_sat(v2, (T##2)(z));                              \
    o[15] = r2.x;                                                                       \
    o[16] = r2.y;                                                                       \
    T##3 v3 = (T##3)(x, y, z);                                                          \
    T##3 r3 = (T##3)(hadd(v3, v3.zxy)) + (T##3)(rhadd(v3, v3.yzx)) + clz(v3);           \
    o[17] = r3.x ^ r3.y ^ r3.z;                                                         \
    T##4 v4 = (T##4)(x, y, z, (T)i);                                                    \
    T##4 r4 = mul_hi(v4, v4.wzyx) + rotate(v4, v4.yxwz) + popcount(v4) + as_##T##4(abs_diff(v4, v4.zwxy)); \
    o[18] = r4.x + r4.y;                                                                \
    o[19] = r4.z - r4.w;                                                                \
}

INT_KERNEL(int_char, char, uchar, CHAR_MIN, CHAR_MAX)
INT_KERNEL(int_uchar, uchar, uchar, (uchar)0, UCHAR_MAX)
INT_KERNEL(int_short, short, ushort, SHRT_MIN, SHRT_MAX)
INT_KERNEL(int_ushort, ushort, ushort, (ushort)0, USHRT_MAX)
INT_KERNEL(int_int, int, uint, INT_MIN, INT_MAX)
INT_KERNEL(int_uint, uint, uint, 0u, UINT_MAX)
INT_KERNEL(int_long, long, ulong, LONG_MIN, LONG_MAX)
INT_KERNEL(int_ulong, ulong, ulong, (ulong)0, ULONG_MAX)

// mul24/mad24 (operands in the 24-bit range), upsample for every width pair and sign.
__kernel void int_misc(__global const int *a, __global const uint *b, __global const ulong *r,
                       __global long *out)
{
    int i = get_global_id(0);
    int x = a[i];
    int y = a[63 - i];
    uint u = b[i];
    uint v = b[(i + 5) & 63];
    ulong bits = r[i];
    __global long *o = out + i * 8;
    o[0] = mul24(x, y);
    o[1] = mad24(x, y, (int)bits);
    o[2] = mul24(u, v);
    o[3] = mad24(u, v, (uint)(bits >> 32));
    o[4] = upsample((char)bits, (uchar)(bits >> 8)) + upsample((uchar)(bits >> 16), (uchar)(bits >> 24));
    o[5] = upsample((short)(bits >> 8), (ushort)(bits >> 40)) * 3 + upsample((ushort)bits, (ushort)(bits >> 16));
    o[6] = upsample((int)bits, (uint)(bits >> 32)) ^ (long)upsample((uint)(bits >> 3), (uint)bits);
    int4 x4 = (int4)(x, y, -x, i);
    int4 m4 = mad24(x4, x4.wzyx & 0xfff, x4);
    o[7] = (long)m4.x + m4.y + m4.z + m4.w;
}
