// Integer built-ins of oclc's built-in library, for all eight integer types, written once
// as macros over the type: T is the type, UT its unsigned twin, S the name suffix (see
// ../mod.rs for the naming contract), BITS the width, TMIN/TMAX the range. Every function
// computes the exact OpenCL result for every input; nothing relies on wider hardware
// arithmetic that Vulkan might lack beyond 64-bit integers.
//
// Not here because Vulkan has them natively: min, max, clamp, mad (integer forms).

// ---- Signed comparisons ----

// Signed comparisons compare the unsigned twins with the sign bit flipped. This is exact
// for every width, and it works around a miscompile of Mesa 22.3's llvmpipe (lavapipe):
// a signed comparison of a 64-bit value sign-extended from 32 bits with a constant
// (`(long)i < 0`, `((long)i >> 63) != 0`) is narrowed to a wrong 32-bit one there.
#define SIGN_BIT(UT, BITS) ((UT)1 << (BITS - 1))
#define S_LT(UT, BITS, a, b) (((UT)(a) ^ SIGN_BIT(UT, BITS)) < ((UT)(b) ^ SIGN_BIT(UT, BITS)))
#define IS_NEG(UT, BITS, a) S_LT(UT, BITS, a, 0)

// ---- Operations that do not depend on signedness ----

#define INT_COMMON(T, UT, S, BITS)                                                         \
    T __oclc_hadd_##S(T x, T y) { return (T)((x >> 1) + (y >> 1) + (x & y & 1)); }         \
    T __oclc_rhadd_##S(T x, T y) { return (T)((x >> 1) + (y >> 1) + ((x | y) & 1)); }      \
    T __oclc_rotate_##S(T v, T i)                                                          \
    {                                                                                      \
        UT u = (UT)v;                                                                      \
        int n = (int)((UT)i & (UT)(BITS - 1));                                             \
        if (n == 0)                                                                        \
            return v;                                                                      \
        return (T)(UT)((u << n) | (u >> (BITS - n)));                                      \
    }                                                                                      \
    T __oclc_clz_##S(T v)                                                                  \
    {                                                                                      \
        UT x = (UT)v;                                                                      \
        if (x == 0)                                                                        \
            return (T)BITS;                                                                \
        int n = 0;                                                                         \
        for (int s = BITS / 2; s > 0; s >>= 1) {                                           \
            if ((UT)(x >> (BITS - s)) == 0) {                                              \
                n += s;                                                                    \
                x = (UT)(x << s);                                                          \
            }                                                                              \
        }                                                                                  \
        return (T)n;                                                                       \
    }                                                                                      \
    T __oclc_ctz_##S(T v)                                                                  \
    {                                                                                      \
        UT x = (UT)v;                                                                      \
        if (x == 0)                                                                        \
            return (T)BITS;                                                                \
        int n = 0;                                                                         \
        for (int s = BITS / 2; s > 0; s >>= 1) {                                           \
            if ((UT)(x << (BITS - s)) == 0) {                                              \
                n += s;                                                                    \
                x = (UT)(x >> s);                                                          \
            }                                                                              \
        }                                                                                  \
        return (T)n;                                                                       \
    }                                                                                      \
    T __oclc_popcount_##S(T v)                                                             \
    {                                                                                      \
        ulong x = (ulong)(UT)v;                                                            \
        x = x - ((x >> 1) & 0x5555555555555555UL);                                         \
        x = (x & 0x3333333333333333UL) + ((x >> 2) & 0x3333333333333333UL);               \
        x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fUL;                                         \
        return (T)((x * 0x0101010101010101UL) >> 56);                                      \
    }                                                                                      \
    T __oclc_mad_hi_##S(T a, T b, T c) { return (T)(__oclc_mul_hi_##S(a, b) + c); }

// ---- Signed types ----

#define INT_SIGNED(T, UT, S, BITS, TMIN, TMAX)                                             \
    T __oclc_add_sat_##S(T x, T y)                                                         \
    {                                                                                      \
        T r = (T)((UT)x + (UT)y);                                                          \
        if (IS_NEG(UT, BITS, (x ^ r) & (y ^ r)))                                           \
            return IS_NEG(UT, BITS, x) ? TMIN : TMAX;                                      \
        return r;                                                                          \
    }                                                                                      \
    T __oclc_sub_sat_##S(T x, T y)                                                         \
    {                                                                                      \
        T r = (T)((UT)x - (UT)y);                                                          \
        if (IS_NEG(UT, BITS, (x ^ y) & (x ^ r)))                                           \
            return IS_NEG(UT, BITS, x) ? TMIN : TMAX;                                      \
        return r;                                                                          \
    }                                                                                      \
    UT __oclc_abs_##S(T x) { return IS_NEG(UT, BITS, x) ? (UT)((UT)0 - (UT)x) : (UT)x; }   \
    UT __oclc_abs_diff_##S(T x, T y)                                                       \
    {                                                                                      \
        return S_LT(UT, BITS, y, x) ? (UT)((UT)x - (UT)y) : (UT)((UT)y - (UT)x);           \
    }                                                                                      \
    INT_COMMON(T, UT, S, BITS)

// ---- Unsigned types ----

#define INT_UNSIGNED(T, S, BITS, TMAX)                                                     \
    T __oclc_add_sat_##S(T x, T y)                                                         \
    {                                                                                      \
        T r = (T)(x + y);                                                                  \
        return r < x ? (T)TMAX : r;                                                        \
    }                                                                                      \
    T __oclc_sub_sat_##S(T x, T y) { return x < y ? (T)0 : (T)(x - y); }                  \
    T __oclc_abs_##S(T x) { return x; }                                                    \
    T __oclc_abs_diff_##S(T x, T y) { return x > y ? (T)(x - y) : (T)(y - x); }            \
    INT_COMMON(T, T, S, BITS)

// ---- mul_hi, mad_sat and upsample through a wider type W (8, 16 and 32 bits) ----

#define INT_NARROW(T, S, BITS, W, UW, WBITS, TMIN, TMAX, WIDE)                          \
    T __oclc_mul_hi_##S(T x, T y) { return (T)(((W)x * (W)y) >> BITS); }                   \
    T __oclc_mad_sat_##S(T a, T b, T c)                                                    \
    {                                                                                      \
        W r = (W)a * (W)b + (W)c;                                                          \
        if (S_LT(UW, WBITS, r, TMIN))                                                      \
            return (T)TMIN;                                                                \
        return S_LT(UW, WBITS, TMAX, r) ? (T)TMAX : (T)r;                                  \
    }                                                                                      \
    WIDE __oclc_upsample_##S(T hi, u##T lo) { return ((WIDE)hi << BITS) | (WIDE)lo; }

// The unsigned forms use an unsigned W: 65535 * 65535 does not fit an int.
#define INT_NARROW_U(T, S, BITS, W, TMAX, WIDE)                                            \
    T __oclc_mul_hi_##S(T x, T y) { return (T)(((W)x * (W)y) >> BITS); }                   \
    T __oclc_mad_sat_##S(T a, T b, T c)                                                    \
    {                                                                                      \
        W r = (W)a * (W)b + (W)c;                                                          \
        return r > (W)TMAX ? (T)TMAX : (T)r;                                               \
    }                                                                                      \
    WIDE __oclc_upsample_##S(T hi, T lo) { return ((WIDE)hi << BITS) | (WIDE)lo; }

// `u##T` spells the unsigned twin of a signed type name (char -> uchar).
INT_NARROW(char, i8, 8, int, uint, 32, CHAR_MIN, CHAR_MAX, short)
INT_NARROW(short, i16, 16, int, uint, 32, SHRT_MIN, SHRT_MAX, int)
INT_NARROW(int, i32, 32, long, ulong, 64, INT_MIN, INT_MAX, long)
INT_NARROW_U(uchar, u8, 8, uint, UCHAR_MAX, ushort)
INT_NARROW_U(ushort, u16, 16, uint, USHRT_MAX, uint)
INT_NARROW_U(uint, u32, 32, ulong, UINT_MAX, ulong)

// ---- 64 bits: the full product from 32-bit halves ----

// The high 64 bits of the unsigned 128-bit product x * y.
ulong __oclc_mul_hi_u64(ulong x, ulong y)
{
    ulong xl = x & 0xffffffffUL, xh = x >> 32;
    ulong yl = y & 0xffffffffUL, yh = y >> 32;
    ulong ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    ulong mid = (ll >> 32) + (lh & 0xffffffffUL) + (hl & 0xffffffffUL);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

// Signed: the unsigned high half minus the corrections for negative operands
// (x * y = ux * uy - 2^64 * (x < 0 ? y : 0) - 2^64 * (y < 0 ? x : 0), modulo 2^128).
long __oclc_mul_hi_i64(long x, long y)
{
    ulong hi = __oclc_mul_hi_u64((ulong)x, (ulong)y);
    if (IS_NEG(ulong, 64, x))
        hi -= (ulong)y;
    if (IS_NEG(ulong, 64, y))
        hi -= (ulong)x;
    return (long)hi;
}

// a * b + c in 128 bits (hi:lo), then saturated.
ulong __oclc_mad_sat_u64(ulong a, ulong b, ulong c)
{
    ulong hi = __oclc_mul_hi_u64(a, b);
    ulong lo = a * b;
    ulong sum = lo + c;
    if (sum < lo)
        hi += 1;
    return hi != 0 ? ULONG_MAX : sum;
}

long __oclc_mad_sat_i64(long a, long b, long c)
{
    ulong hi = (ulong)__oclc_mul_hi_i64(a, b);
    ulong lo = (ulong)a * (ulong)b;
    ulong sum = lo + (ulong)c;
    hi += (IS_NEG(ulong, 64, c) ? ~0UL : 0UL) + (sum < lo ? 1UL : 0UL);
    // The 128-bit sum fits 64 bits when hi is the sign extension of sum.
    if (hi == (IS_NEG(ulong, 64, sum) ? ~0UL : 0UL))
        return (long)sum;
    return IS_NEG(ulong, 64, hi) ? LONG_MIN : LONG_MAX;
}

INT_SIGNED(char, uchar, i8, 8, CHAR_MIN, CHAR_MAX)
INT_SIGNED(short, ushort, i16, 16, SHRT_MIN, SHRT_MAX)
INT_SIGNED(int, uint, i32, 32, INT_MIN, INT_MAX)
INT_SIGNED(long, ulong, i64, 64, LONG_MIN, LONG_MAX)
INT_UNSIGNED(uchar, u8, 8, UCHAR_MAX)
INT_UNSIGNED(ushort, u16, 16, USHRT_MAX)
INT_UNSIGNED(uint, u32, 32, UINT_MAX)
INT_UNSIGNED(ulong, u64, 64, ULONG_MAX)

// ---- 24-bit multiplies (int and uint only, as in OpenCL) ----

// OpenCL leaves operands outside 24 bits implementation-defined; the full 32-bit product
// is exact for those inside, and is what the other oclc targets compute.
int __oclc_mul24_i32(int x, int y) { return x * y; }
uint __oclc_mul24_u32(uint x, uint y) { return x * y; }
int __oclc_mad24_i32(int x, int y, int z) { return x * y + z; }
uint __oclc_mad24_u32(uint x, uint y, uint z) { return x * y + z; }
