// RUN: --kernel w8 --global 64 --local 16 --arg u64[192]=rand:81 --arg u64[8192]=zeros
// RUN: --kernel w16 --global 64 --local 16 --arg u64[192]=rand:81 --arg u64[8192]=zeros
// RUN: --kernel w32 --global 64 --local 16 --arg u64[192]=rand:81 --arg u64[8192]=zeros
// RUN: --kernel w64 --global 64 --local 16 --arg u64[192]=rand:81 --arg u64[8192]=zeros
// RUN: --kernel wup --global 64 --local 16 --arg u64[192]=rand:81 --arg u64[8192]=zeros
// The integer built-ins on all eight integer types, scalar and vector (2, 3 and 4 lanes:
// Vulkan has no wider vectors), on random inputs with the edge values of each type mixed
// in (0, -1, MIN, MAX and the combinations that saturate or overflow). On Vulkan every one
// of them comes from oclc's built-in library (lower/src/library/cl/int.cl); min/max/clamp are
// native there.
// Results are stored zero-extended so that each type's bits are compared exactly.

#define PUT(UT, v) (*o++ = (ulong)(UT)(v))

// Lane-position checksum of a 4-lane result (every lane weighs differently).
#define SUM4(UT, v) ((ulong)(UT)(v).x + 3 * (ulong)(UT)(v).y + 5 * (ulong)(UT)(v).z \
    + 7 * (ulong)(UT)(v).w)

#define INPUTS(T, TMIN, TMAX)                                                               \
    T x = (T)src[i], y = (T)src[i + 64], z = (T)src[i + 128];                              \
    switch (i & 15) {                                                                       \
    case 0: x = 0; break;                                                                   \
    case 1: x = (T)-1; break;                                                               \
    case 2: x = TMIN; break;                                                                \
    case 3: x = TMAX; break;                                                                \
    case 4: y = TMIN; break;                                                                \
    case 5: y = TMAX; break;                                                                \
    case 6: x = TMIN; y = (T)-1; break;                                                     \
    case 7: x = TMAX; y = TMAX; z = TMAX; break;                                            \
    case 8: z = TMAX; x = (T)-1; y = TMIN; break;                                           \
    case 9: z = TMIN; x = TMIN; y = (T)1; break;                                            \
    case 10: y = 0; z = (T)-1; break;                                                       \
    case 11: x = TMAX; y = TMIN; z = TMIN; break;                                           \
    case 12: x = (T)1; y = (T)(sizeof(T) * 8); break;                                       \
    default: break;                                                                         \
    }

#define SCALARS(T, UT)                                                                      \
    PUT(UT, add_sat(x, y));                                                                 \
    PUT(UT, sub_sat(x, y));                                                                 \
    PUT(UT, sub_sat(y, x));                                                                 \
    PUT(UT, hadd(x, y));                                                                    \
    PUT(UT, rhadd(x, y));                                                                   \
    PUT(UT, mul_hi(x, y));                                                                  \
    PUT(UT, mad_hi(x, y, z));                                                               \
    PUT(UT, mad_sat(x, y, z));                                                              \
    PUT(UT, mad_sat(x, (T)3, z));                                                           \
    PUT(UT, rotate(x, y));                                                                  \
    PUT(UT, rotate(x, (T)(i - 8)));                                                         \
    PUT(UT, clz(x));                                                                        \
    PUT(UT, popcount(x));                                                                   \
    PUT(UT, abs(x));                                                                        \
    PUT(UT, abs_diff(x, y));                                                                \
    PUT(UT, min(x, y) ^ max(x, z) ^ clamp(x, min(y, z), max(y, z)));

#define VECTORS(T, UT, TMIN)                                                                \
    {                                                                                       \
        T##4 v = (T##4)(x, y, z, (T)(x ^ y));                                               \
        T##4 w = (T##4)(y, z, x, TMIN);                                                     \
        T##4 r = add_sat(v, w) ^ rotate(sub_sat(v, w), (T##4)3) ^ hadd(v, w);                  \
        PUT(UT, r.x); PUT(UT, r.y); PUT(UT, r.z); PUT(UT, r.w);                             \
        r = rhadd(v, w) + mul_hi(v, w) + mad_sat(v, w, v.wzyx) + clz(v) + popcount(w);       \
        PUT(UT, r.x); PUT(UT, r.y); PUT(UT, r.z); PUT(UT, r.w);                             \
        UT##2 a = abs_diff(v.xy, w.xy) + abs(v.zw) + as_##UT##2(mad_hi(v.xy, w.zw, v.zx));               \
        PUT(UT, a.x); PUT(UT, a.y);                                                         \
        T##3 b = sub_sat(v.xyz, w.yzx) + rotate(v.xyz, w.xyz);                              \
        PUT(UT, b.x); PUT(UT, b.y); PUT(UT, b.z);                                           \
        T##4 e = v.wxzy, f = w.zwyx;                                                        \
        *o++ = SUM4(UT, add_sat(e, f) ^ mad_sat(e, f, e) ^ popcount(e));                    \
        *o++ = SUM4(UT, mul_hi(e, f) + rhadd(e, f) + clz(f));                               \
        *o++ = SUM4(UT, abs_diff(e, f));                                                    \
    }

#define TYPE(T, UT, TMIN, TMAX)                                                             \
    {                                                                                       \
        INPUTS(T, TMIN, TMAX)                                                               \
        SCALARS(T, UT)                                                                      \
        VECTORS(T, UT, TMIN)                                                                \
    }

// upsample(hi, lo) for the types that have a wider one.
#define UPSAMPLE(T, UT, TMIN, TMAX, UWIDE)                                                  \
    {                                                                                       \
        INPUTS(T, TMIN, TMAX)                                                               \
        PUT(UWIDE, upsample(x, (UT)y));                                                     \
        PUT(UWIDE, upsample(y, (UT)x));                                                     \
        T##4 v = (T##4)(x, y, z, TMIN);                                                     \
        UT##4 w = (UT##4)((UT)z, (UT)x, (UT)y, (UT)TMAX);                                   \
        *o++ = SUM4(UWIDE, upsample(v, w)) + 9 * SUM4(UWIDE, upsample(v.wzyx, w));          \
    }

// One kernel per width, so that a failing run names the width.

__kernel void w8(__global const ulong *src, __global ulong *out)
{
    int i = get_global_id(0);
    __global ulong *o = out + i * 128;
    TYPE(char, uchar, CHAR_MIN, CHAR_MAX)
    TYPE(uchar, uchar, (uchar)0, UCHAR_MAX)
}

__kernel void w16(__global const ulong *src, __global ulong *out)
{
    int i = get_global_id(0);
    __global ulong *o = out + i * 128;
    TYPE(short, ushort, SHRT_MIN, SHRT_MAX)
    TYPE(ushort, ushort, (ushort)0, USHRT_MAX)
}

__kernel void w32(__global const ulong *src, __global ulong *out)
{
    int i = get_global_id(0);
    __global ulong *o = out + i * 128;
    TYPE(int, uint, INT_MIN, INT_MAX)
    TYPE(uint, uint, 0u, UINT_MAX)
}

__kernel void w64(__global const ulong *src, __global ulong *out)
{
    int i = get_global_id(0);
    __global ulong *o = out + i * 128;
    TYPE(long, ulong, LONG_MIN, LONG_MAX)
    TYPE(ulong, ulong, 0UL, ULONG_MAX)
}

__kernel void wup(__global const ulong *src, __global ulong *out)
{
    int i = get_global_id(0);
    __global ulong *o = out + i * 128;
    UPSAMPLE(char, uchar, CHAR_MIN, CHAR_MAX, ushort)
    UPSAMPLE(uchar, uchar, (uchar)0, UCHAR_MAX, ushort)
    UPSAMPLE(short, ushort, SHRT_MIN, SHRT_MAX, uint)
    UPSAMPLE(ushort, ushort, (ushort)0, USHRT_MAX, uint)
    UPSAMPLE(int, uint, INT_MIN, INT_MAX, ulong)
    UPSAMPLE(uint, uint, 0u, UINT_MAX, ulong)
    // 24-bit multiplies: int and uint only, with operands inside 24 bits.
    {
        int x = (int)src[i] >> 8, y = (int)src[i + 64] >> 8;
        uint ux = (uint)src[i] >> 8, uy = (uint)src[i + 64] >> 8;
        PUT(uint, mul24(x, y));
        PUT(uint, mad24(x, y, (int)src[i + 128]));
        PUT(uint, mul24(ux, uy));
        PUT(uint, mad24(ux, uy, (uint)src[i + 128]));
        int4 a = (int4)(x, y, -(x >> 1), -(y >> 1));
        uint4 b = (uint4)(ux, uy, ux ^ uy, 7u);
        PUT(uint, SUM4(uint, mul24(a, a.yxwz)) + 9 * SUM4(uint, mad24(b, b, b.wzyx)));
    }
}
