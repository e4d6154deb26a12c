// Half-precision (cl_khr_fp16) math built-ins: each one computes in float through the
// float library (or a native float instruction) and rounds the result once to half.
//
// Why that meets OpenCL's half limits (the cl_khr_fp16 table "ULP Values for Half
// Precision Floating-Point Arithmetic Operations", full profile): a float function within
// E float ulp of the exact result, rounded to half, is within 0.5 + E * 2^-13 half ulp.
// The float library stays within OpenCL's float limits (at most 16 ulp), so every function
// whose half limit is 1 ulp or more holds. Where the half limit is "correctly rounded" or
// 0 ulp the argument does not hold in general, and each such function is checked here:
// - copysign: on half's bits (a NaN's sign need not survive the conversions);
// - exact in float and representable in half (fabs-like, fmod, remainder, round,
//   maxmag, minmag, logb, ilogb, ldexp down to half's range, relational functions): the
//   one rounding is exact or a correct rounding;
// - sqrt (through `__oclc_el_sqrt_cr`) and fdim: float's 24 bits are at least 2 * 11 + 2, so rounding the correctly
//   rounded float result to half is the correctly rounded half (double rounding is
//   innocuous for +, -, sqrt at that width, Figueroa 1995);
// - fma: the product is exact in double, the sum is rounded to odd (in double, then in
//   float), and rounding an odd-rounded value with 2 more bits is correct (Boldo and
//   Melquiond);
// - nextafter: steps on half's grid, not float's: written on half's bits;
// - isnormal, signbit: half's own normal range and sign bit, on half's bits;
// - rsqrt (at most 1 ulp for half, while Vulkan's 16-bit inversesqrt allows 2): float's
//   inversesqrt (2 float ulp) rounded to half;
// - division (correctly rounded for half, Vulkan's OpFDiv allows 2.5 ulp): the 11-bit
//   significands divide as integers, the remainder makes a sticky bit (rounding to odd),
//   and the 14-bit quotient rounds once to half.

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

/// The built-in F on half as F on float, rounded once to half.
#define __OCLC_HALF1(F)                                                                   \
    half __oclc_##F##_f16(half x) { return (half)__oclc_##F##_f32((float)x); }
#define __OCLC_HALF2(F)                                                                   \
    half __oclc_##F##_f16(half x, half y)                                                 \
    {                                                                                     \
        return (half)__oclc_##F##_f32((float)x, (float)y);                                \
    }
#define __OCLC_HALF_INT(F)                                                                \
    half __oclc_##F##_f16(half x, int n) { return (half)__oclc_##F##_f32((float)x, n); }
#define __OCLC_HALF_TO_INT(F)                                                             \
    int __oclc_##F##_f16(half x) { return __oclc_##F##_f32((float)x); }

/// Correctly rounded: float's correctly rounded square root (`__oclc_el_sqrt_cr`, not
/// `__oclc_sqrt_f32`'s 3-ulp fast path) rounded to half; see the header.
half __oclc_sqrt_f16(half x) { return (half)__oclc_el_sqrt_cr((float)x); }
__OCLC_HALF1(sin)
__OCLC_HALF1(cos)
__OCLC_HALF1(tan)
__OCLC_HALF1(exp)
__OCLC_HALF1(exp2)
__OCLC_HALF1(exp10)
__OCLC_HALF1(expm1)
__OCLC_HALF1(log)
__OCLC_HALF1(log2)
__OCLC_HALF1(log10)
__OCLC_HALF1(log1p)
__OCLC_HALF1(logb)
__OCLC_HALF1(round)
__OCLC_HALF1(acos)
__OCLC_HALF1(acosh)
__OCLC_HALF1(acospi)
__OCLC_HALF1(asin)
__OCLC_HALF1(asinh)
__OCLC_HALF1(asinpi)
__OCLC_HALF1(atan)
__OCLC_HALF1(atanh)
__OCLC_HALF1(atanpi)
__OCLC_HALF1(cbrt)
__OCLC_HALF1(cosh)
__OCLC_HALF1(cospi)
__OCLC_HALF1(erf)
__OCLC_HALF1(erfc)
__OCLC_HALF1(lgamma)
__OCLC_HALF1(sinh)
__OCLC_HALF1(sinpi)
__OCLC_HALF1(tanh)
__OCLC_HALF1(tanpi)
__OCLC_HALF1(tgamma)
__OCLC_HALF1(native_exp10)
__OCLC_HALF1(native_log10)
__OCLC_HALF2(pow)
__OCLC_HALF2(powr)
__OCLC_HALF2(atan2)
__OCLC_HALF2(atan2pi)
__OCLC_HALF2(fdim)
__OCLC_HALF2(fmod)
__OCLC_HALF2(hypot)
__OCLC_HALF2(maxmag)
__OCLC_HALF2(minmag)
__OCLC_HALF2(remainder)
__OCLC_HALF_INT(pown)
__OCLC_HALF_INT(rootn)
__OCLC_HALF_INT(ldexp)
__OCLC_HALF_TO_INT(ilogb)
__OCLC_HALF_TO_INT(isnan)
__OCLC_HALF_TO_INT(isinf)
__OCLC_HALF_TO_INT(isfinite)

half __oclc_smoothstep_f16(half e0, half e1, half x)
{
    return (half)__oclc_smoothstep_f32((float)e0, (float)e1, (float)x);
}

/// 1/sqrt(x): float's inversesqrt (2 float ulp) rounded to half stays within 1 half ulp.
half __oclc_rsqrt_f16(half x)
{
    return (half)rsqrt((float)x);
}

int __oclc_isnormal_f16(half x)
{
    ushort a = as_ushort(x) & (ushort)0x7fff;
    return a >= (ushort)0x0400 && a < (ushort)0x7c00;
}

/// x's magnitude with y's sign bit, on half's bits (through float, a NaN y may lose its
/// sign: conversions need not keep a NaN's sign).
half __oclc_copysign_f16(half x, half y)
{
    return as_half((ushort)((as_ushort(x) & (ushort)0x7fff) | (as_ushort(y) & (ushort)0x8000)));
}

int __oclc_signbit_f16(half x)
{
    return (int)(as_ushort(x) >> 15);
}

/// The next half after x toward y, on half's bits.
half __oclc_nextafter_f16(half x, half y)
{
    ushort bx = as_ushort(x), by = as_ushort(y);
    ushort ax = bx & (ushort)0x7fff, ay = by & (ushort)0x7fff;
    if (ax > (ushort)0x7c00 || ay > (ushort)0x7c00)
        return as_half((ushort)0x7e00);
    if (bx == by || (ax == 0 && ay == 0))
        return y;
    if (ax == 0)
        return as_half((ushort)((by & (ushort)0x8000) | (ushort)1));
    // Away from zero when y is farther out on x's side, else toward zero.
    int away = ((bx >> 15) == (by >> 15)) && ay > ax;
    return as_half((ushort)(away ? bx + 1 : bx - 1));
}

/// The float nearest `s` rounded to odd: `s` rounded to float, moved one float ulp toward
/// `s` when inexact and even, so that a later rounding to half is correct.
float __oclc_d_to_odd_f32(double s)
{
    float f = (float)s;
    double back = (double)f;
    uint fb = as_uint(f);
    if (back != s && (fb & 1u) == 0u && !__oclc_nonfinite_f32(f))
        fb = ((s > back) == (f > 0.0f)) ? fb + 1u : fb - 1u;
    return as_float(fb);
}

/// Correctly rounded a*b+c on half: the product is exact in double, the sum is rounded
/// to odd (TwoSum's error term decides), then to odd in float, then once to half.
half __oclc_fma_f16(half a, half b, half c)
{
    double p = (double)(float)a * (double)(float)b;
    double dc = (double)(float)c;
    double s = p + dc;
    if (__oclc_d_nonfinite(s))
        return (half)(float)s;
    if (s == 0.0)
        return (half)((float)a * (float)b + (float)c);
    double bb = s - p;
    double err = (p - (s - bb)) + (dc - bb);
    ulong sb = as_ulong(s);
    if (err != 0.0 && (sb & 1UL) == 0UL) {
        sb = ((err > 0.0) == (s > 0.0)) ? sb + 1UL : sb - 1UL;
        s = as_double(sb);
    }
    return (half)__oclc_d_to_odd_f32(s);
}

/// Correctly rounded a / b on half. Special operands (zeros, infinities, NaNs) divide in
/// float, where their results are exact; otherwise the significands (11 bits each, as
/// integers in [2^10, 2^11)) divide as integers into a 13- or 14-bit quotient whose
/// lowest bit is set when the remainder is not zero (rounding to odd), which is exact in
/// float after scaling and rounds once, correctly, to half.
half __oclc_fdiv_f16(half a, half b)
{
    float fa = (float)a, fb = (float)b;
    uint ba = as_uint(fa), bb = as_uint(fb);
    uint aa = ba & 0x7fffffffu, ab = bb & 0x7fffffffu;
    uint sign = (ba ^ bb) & 0x80000000u;
    if (aa > 0x7f800000u || ab > 0x7f800000u || (aa == 0u && ab == 0u)
        || (aa == 0x7f800000u && ab == 0x7f800000u))
        return as_half((ushort)0x7e00);
    if (aa == 0x7f800000u || ab == 0u)
        return (half)as_float(sign | 0x7f800000u);
    if (aa == 0u || ab == 0x7f800000u)
        return (half)as_float(sign);
    // Every half is a normal float: its significand is the top 11 of float's 24 bits.
    int ea = (int)(aa >> 23), eb = (int)(ab >> 23);
    uint ma = ((aa & 0x007fffffu) | 0x00800000u) >> 13;
    uint mb = ((ab & 0x007fffffu) | 0x00800000u) >> 13;
    uint num = ma << 13;
    uint q = num / mb;
    uint r = num - q * mb;
    q |= (r != 0u) ? 1u : 0u;
    // a / b = (q / 2^13) * 2^(ea - eb), and ea - eb lies in [-39, 39].
    float scale = as_float((uint)(ea - eb - 13 + 127) << 23);
    return (half)as_float(as_uint((float)q * scale) | sign);
}
