// The float-float ("double-float") toolkit of oclc's built-in library: a value carried as
// an unevaluated sum hi + lo of two floats, built from error-free transformations that
// need only correctly rounded float add, sub and mul (Knuth's TwoSum, Dekker's FastTwoSum,
// Veltkamp's split inside Dekker's product), plus exponent helpers read from and written
// to the bits. Compiled first among the float files; float.cl, float_trig.cl, float_hyper.cl,
// float_misc.cl and float_special.cl all build on it. No double precision anywhere, so
// Vulkan modules using it need no Float64 capability.
//
// Every transformation here is exact only if the device evaluates each operation as
// written: no fused multiply-add (Vulkan's fma may round twice, so none is used), no
// reassociation. The Vulkan backend decorates the float arithmetic of every `__oclc_*`
// function NoContraction for that reason; a copy of these functions under another prefix
// loses that guarantee. Float division and rsqrt appear only as seeds that a Newton step on
// an exact residual corrects (Vulkan allows 2.5 ulp for division, 2 ulp for rsqrt).

// ---------------------------------------------------------------- exponents

/// 2^n as a float, for n in [-126, 127] (outside, the bits are meaningless).
float __oclc_ff_pow2i(int n)
{
    return as_float((uint)(n + 127) << 23);
}

/// v * 2^n rounded once, for n in [-252, 254] where v * 2^(n/2) is a normal float (e.g. v
/// in [0.5, 2]): the first factor is exact, the second rounds into the denormal range or
/// to infinity where the result leaves the normal range.
float __oclc_ff_scale(float v, int n)
{
    int h = n / 2;
    return v * __oclc_ff_pow2i(h) * __oclc_ff_pow2i(n - h);
}

/// A positive finite nonzero x as (m, e) with x = m * 2^e and m in [1, 2), e as a float.
/// Denormals are read from the bits (their integer significand converts exactly), so a
/// device that flushes denormal operands in arithmetic still sees their value.
float2 __oclc_ff_frexp(float x)
{
    uint a = as_uint(x) & 0x7fffffffu;
    int bias = 127;
    if (a < 0x00800000u) {
        a = as_uint((float)a);
        bias = 127 + 149;
    }
    float m = as_float((a & 0x007fffffu) | 0x3f800000u);
    return (float2)(m, (float)((int)(a >> 23) - bias));
}

// ---------------------------------------------------------------- error-free transformations

/// (s, e) with s = fl(a + b) and s + e = a + b exactly (Knuth's TwoSum; any finite a, b
/// whose sum does not overflow).
float2 __oclc_ff_two_sum(float a, float b)
{
    float s = a + b;
    float bb = s - a;
    return (float2)(s, (a - (s - bb)) + (b - bb));
}

/// (s, e) with s = fl(a + b) and s + e = a + b exactly, for |a| >= |b| or a == 0 (Dekker's
/// FastTwoSum: three operations instead of six; wrong, not just inexact, when |a| < |b|).
float2 __oclc_ff_fast_two_sum(float a, float b)
{
    float s = a + b;
    return (float2)(s, b - (s - a));
}

/// (p, e) with p = fl(a * b) and p + e = a * b exactly (Dekker's product, no fma), for
/// |a|, |b| < 2^115 whose product neither overflows nor underflows: where the error term
/// falls below the normal range it loses its denormal-sized bits. Each operand is split
/// (Veltkamp: c = 4097 a, hi = c - (c - a), lo = a - hi) into halves of at most 12
/// significant bits, so that the four partial products are exact.
float2 __oclc_ff_two_prod(float a, float b)
{
    float p = a * b;
    float ca = 4097.0f * a;
    float ah = ca - (ca - a);
    float al = a - ah;
    float cb = 4097.0f * b;
    float bh = cb - (cb - b);
    float bl = b - bh;
    float e = (((ah * bh - p) + ah * bl) + al * bh) + al * bl;
    return (float2)(p, e);
}

/// The float-float v renormalized so that |v.y| <= ulp(v.x) / 2 (|v.x| >= |v.y| or v.x == 0).
float2 __oclc_ff_norm(float2 v)
{
    return __oclc_ff_fast_two_sum(v.x, v.y);
}

// ---------------------------------------------------------------- refined division and root

/// a / b as one float within about half an ulp (not always correctly rounded): the
/// device's division (2.5 ulp on Vulkan, for |b| in [2^-126, 2^126]) corrected by one
/// Newton step on the exact residual a - q b. For a / b normal and q b clear of overflow.
float __oclc_ff_quot(float a, float b)
{
    float q = a / b;
    float2 p = __oclc_ff_two_prod(q, b);
    float r = (a - p.x) - p.y;
    return q + r / b;
}

/// n / d for float-floats, as a float-float with a relative error near 2^-44 (d.y small
/// next to d.x, d.x normal and well inside the float range so that 1 / d.x and the
/// residual's product are normal): the reciprocal of d.x seeds the quotient, one exact
/// residual corrects it.
float2 __oclc_ff_div(float2 n, float2 d)
{
    float y = 1.0f / d.x;
    float q = n.x * y;
    float2 p = __oclc_ff_two_prod(q, d.x);
    float r = (((n.x - p.x) - p.y) + n.y) - q * d.y;
    return (float2)(q, r * y);
}

/// sqrt(h + l) as one float within about half an ulp, for h in [2^-100, 2^100] and
/// |l| <= ulp(h): native_rsqrt as a seed, one Newton step, then a correction from the
/// exact residual h + l - s^2.
float __oclc_ff_sqrt(float h, float l)
{
    float y = native_rsqrt(h);
    y = y * (1.5f - 0.5f * h * y * y);
    float s = h * y;
    float2 p = __oclc_ff_two_prod(s, s);
    float r = ((h - p.x) - p.y) + l;
    return s + r * (0.5f * y);
}
