// oclc's shared built-in library: float math functions with OpenCL 1.2 full-profile
// precision, written once in OpenCL C for targets whose native math is less precise
// (Vulkan). The functions of this file (sqrt, fma, exp*, log*, pow*, rootn, cbrt) are
// evaluated in single precision only, so that modules using them need no Float64
// capability: exact range reductions (Cody-Waite with split constants, exponent/significand
// splits read from the bits), minimax polynomials, and hi+lo float pairs from the
// float-float toolkit of float_ff.cl (`__oclc_ff_*`: TwoSum, Dekker's product via
// Veltkamp's split, no fused multiply-add) where a step needs more than float precision
// (pow's log2, the square root's residual). Only operations whose precision Vulkan
// guarantees are used: f32 add, sub, mul, conversions, integer and bit operations,
// floor/trunc/rint/fabs, and rsqrt / float division only as seeds refined by Newton steps
// or in terms too small to matter. fma emulates the fused operation with float error-free
// transformations and rounding to odd (Boldo & Melquiond) when every partial result stays
// a normal number, and otherwise (near zero, overflow and underflow) works on the integer
// significands in 64-bit integers (which oclc's Vulkan modules declare anyway, for device
// addresses); no doubles.
// The one double function here, `__oclc_d_nonfinite`, serves half.cl's fma (which is
// evaluated in double). Measured worst errors on lavapipe (tests/vulkan_math_ulp.rs): sqrt
// and fma correctly rounded; exp/exp2/exp10/expm1, log/log2/log10/log1p, cbrt and the pow
// family within 1 ulp. The built-in `F` on float is `__oclc_F_f32`; this file's private
// helpers are `__oclc_el_*`.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// ---------------------------------------------------------------- bit helpers

/// x, or x's signed zero where the device's float comparisons flush denormals (then x
/// compares equal to 0 without being zero): every entry point canonicalizes its float
/// operands so that one function never mixes "denormal" and "zero" views of an operand
/// (OpenCL accepts either on a device without denormal support, not a mixture).
float __oclc_canon_f32(float x)
{
    return x == 0.0f ? as_float(as_uint(x) & 0x80000000u) : x;
}

/// True where the double x is an infinity or a NaN (for half.cl's fma).
int __oclc_d_nonfinite(double x)
{
    return (as_ulong(x) & 0x7ff0000000000000UL) == 0x7ff0000000000000UL;
}

/// True where the float x is an infinity or a NaN.
int __oclc_nonfinite_f32(float x)
{
    return (as_uint(x) & 0x7f800000u) == 0x7f800000u;
}

/// A quiet NaN.
float __oclc_qnan_f32(void)
{
    return as_float(0x7fc00000u);
}

/// x with the sign bit of y.
float __oclc_copysign_f32(float x, float y)
{
    return as_float((as_uint(x) & 0x7fffffffu) | (as_uint(y) & 0x80000000u));
}

// ---------------------------------------------------------------- square root

/// Correctly rounded square root, in single precision: x = m * 4^k with m in [1, 4), an
/// inverse square root seed refined by one Newton step whose residual m - s^2 is exact,
/// then the midpoints next to s decide the rounding (their squares are compared with m
/// through the exact residual; see the comments). `__oclc_sqrt_f32`'s path outside
/// [2^-100, 2^100].
float __oclc_el_sqrt_cr(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || x == INFINITY)
        return x;
    if (!(x > 0.0f))
        return __oclc_qnan_f32();
    float2 me = __oclc_ff_frexp(x);
    float m = me.x;
    int e = (int)me.y;
    if (e & 1) {
        m = m * 2.0f;
        e = e - 1;
    }
    float y = rsqrt(m);
    float s = m * y;
    float2 sq = __oclc_ff_two_prod(s, s);
    s = s + (0.5f * y) * ((m - sq.x) - sq.y);
    // r = m - s^2 (exact: m - sq.x by Sterbenz, and |r| is small enough to fit). With
    // d the gap to a neighbour, m lies beyond the midpoint s + d/2 iff r > s*d + d*d/4;
    // r and s*d are multiples of s's ulp squared while d*d/4 is a quarter of it, so
    // the test is r > s*d upwards and r <= -s*d' downwards.
    sq = __oclc_ff_two_prod(s, s);
    float r = (m - sq.x) - sq.y;
    float up = as_float(as_uint(s) + 1u);
    float dn = as_float(as_uint(s) - 1u);
    if (r > s * (up - s))
        s = up;
    else if (r <= -(s * (s - dn)))
        s = dn;
    return s * __oclc_ff_pow2i(e >> 1);
}

/// Square root within OpenCL's 3 ulp (Vulkan refuses -cl-fp32-correctly-rounded-divide-sqrt,
/// so 3 ulp is all a Vulkan program may ask for). Fast path, for x in [2^-100, 2^100] (one
/// comparison pair; NaN fails it): the hardware's inverse square root y = (1 + d)/sqrt(x),
/// s = x y = sqrt(x) (1 + e) with |e| <= |d| + 2^-24, then one Newton step
/// s' = s + (x - s^2) (y / 2). Exactly, s' = sqrt(x) (1 - e^2/2 - e d + ...): with Vulkan's
/// documented 2 ulp for inversesqrt (|d| <= 2^-22) the step's own error is below 2^-42
/// relative, and it stays below a quarter ulp for any |d| <= 2^-13 (a driver 500 times
/// worse than documented). The residual x - s^2 is exact when mad fuses; where Vulkan's
/// Fma is a rounded multiply and add, s^2 is rounded (2^-24 x at most) and shifts s' by
/// 2^-25 sqrt(x), half an ulp; with the final rounding (half an ulp, and half more for an
/// unfused last mad) the result is within 1.6 ulp on any conforming driver, within 0.51
/// ulp where mad fuses (measured: tests/vulkan_math_ulp.rs). The range keeps y, s and
/// x y normal. Elsewhere (zero, denormals, huge, negative, inf, NaN) the correctly rounded
/// `__oclc_el_sqrt_cr`.
float __oclc_sqrt_f32(float x)
{
    if (x >= 7.888609052e-31f && x <= 1.2676506e+30f) {
        float y = rsqrt(x);
        float s = x * y;
        float r = mad(-s, s, x);
        return mad(r, 0.5f * y, s);
    }
    return __oclc_el_sqrt_cr(x);
}

// ---------------------------------------------------------------- exponentials

/// e^r - 1 - r over r^2, for |r| <= 0.347 (minimax, 2^-28 relative to e^r).
float __oclc_el_expk(float r)
{
    float p = 1.381459995e-03f;
    p = mad(p, r, 8.368715644e-03f);
    p = mad(p, r, 4.166838899e-02f);
    p = mad(p, r, 1.666652113e-01f);
    return mad(p, r, 4.999999404e-01f);
}

/// x = n ln2 + r with |r| <= 0.347 (Cody-Waite: n ln2_hi is exact for |n| < 512, and
/// x - n ln2_hi is exact by Sterbenz's lemma); returns (r, n).
float2 __oclc_el_exp_reduce(float x)
{
    float n = rint(x * 1.442695041f);
    float r = (x - n * 0.693145751953125f) - n * 1.4286067653e-06f;
    return (float2)(r, n);
}

/// e^x. Fast path |x| <= 87 (one comparison; NaN fails it): the reduction and polynomial
/// below, and the scaling by 2^n, n in [-126, 126], one exact multiply by a normal power
/// of two (the result e^x >= e^-87 > 2^-126 stays normal). Error: the reduction's r is
/// within 2^-35 of exact, the polynomial within 2^-28 relative, the sum q = 1 + ... within
/// half an ulp: measured below 1 ulp of OpenCL's 3. Elsewhere the special values and the
/// two-step scaling into the denormal range.
float __oclc_exp_f32(float x)
{
    if (fabs(x) <= 87.0f) {
        float2 rn = __oclc_el_exp_reduce(x);
        float r = rn.x;
        float q = 1.0f + mad(r * r, __oclc_el_expk(r), r);
        return q * __oclc_ff_pow2i((int)rn.y);
    }
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 89.0f)
        return INFINITY;
    if (x < -104.0f)
        return 0.0f;
    float2 rn = __oclc_el_exp_reduce(x);
    float r = rn.x;
    float q = 1.0f + mad(r * r, __oclc_el_expk(r), r);
    return __oclc_ff_scale(q, (int)rn.y);
}

/// (2^r - 1) / r for |r| <= 0.5 (minimax, 2^-28.7 relative to 2^r).
float __oclc_el_exp2k(float r)
{
    float p = 1.519615398e-05f;
    p = mad(p, r, 1.546675630e-04f);
    p = mad(p, r, 1.333393506e-03f);
    p = mad(p, r, 9.618038312e-03f);
    p = mad(p, r, 5.550410226e-02f);
    p = mad(p, r, 2.402265072e-01f);
    return mad(p, r, 6.931471825e-01f);
}

/// 2^(hi + lo) for |lo| <= 2^-20 |hi| and hi in [-152, 130]: rint splits off the exponent
/// (hi - n is exact), the polynomial takes the rest.
float __oclc_el_exp2_dd(float hi, float lo)
{
    float n = rint(hi);
    float r = (hi - n) + lo;
    float q = mad(r, __oclc_el_exp2k(r), 1.0f);
    return __oclc_ff_scale(q, (int)n);
}

/// 2^x. Fast path |x| <= 125 (NaN fails it): n = rint(x), 2^(x - n) from the polynomial,
/// times 2^n in one exact multiply (the result stays normal). Elsewhere the two-step
/// scaling of `__oclc_el_exp2_dd` and the special values.
float __oclc_exp2_f32(float x)
{
    if (fabs(x) <= 125.0f) {
        float n = rint(x);
        float r = x - n;
        return mad(r, __oclc_el_exp2k(r), 1.0f) * __oclc_ff_pow2i((int)n);
    }
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 129.0f)
        return INFINITY;
    if (x < -151.0f)
        return 0.0f;
    return __oclc_el_exp2_dd(x, 0.0f);
}

/// (10^r - 1) / r for |r| <= 0.1506 (minimax, 2^-26.4 relative to 10^r).
float __oclc_el_exp10k(float r)
{
    float p = 2.063208818e-01f;
    p = mad(p, r, 5.420281291e-01f);
    p = mad(p, r, 1.171292782e+00f);
    p = mad(p, r, 2.034649849e+00f);
    p = mad(p, r, 2.650948763e+00f);
    return mad(p, r, 2.302585125e+00f);
}

/// 10^x. Fast path |x| <= 37.5 (NaN fails it): n <= 125, so 2^n scales in one exact
/// multiply (the result stays normal); elsewhere the special values and the two-step
/// scaling.
float __oclc_exp10_f32(float x)
{
    // x = n log10(2) + r, |r| <= 0.1506, with log10(2) split as for exp's ln 2.
    float n = rint(x * 3.321928095f);
    float r = (x - n * 0.30103302001953125f) + n * 3.0243554647e-06f;
    float q = mad(r, __oclc_el_exp10k(r), 1.0f);
    if (fabs(x) <= 37.5f)
        return q * __oclc_ff_pow2i((int)n);
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 39.0f)
        return INFINITY;
    if (x < -46.0f)
        return 0.0f;
    return __oclc_ff_scale(q, (int)n);
}

/// (e^r - 1 - r) / r^2 for |r| <= 0.347 (minimax, 2^-28.8 relative to e^r - 1).
float __oclc_el_expm1k(float r)
{
    float p = 1.984587725e-04f;
    p = mad(p, r, 1.394062536e-03f);
    p = mad(p, r, 8.333389647e-03f);
    p = mad(p, r, 4.166636243e-02f);
    p = mad(p, r, 1.666666567e-01f);
    return mad(p, r, 0.5f);
}

float __oclc_expm1_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 89.0f)
        return INFINITY;
    if (x < -17.5f)
        return -1.0f;
    if (x == 0.0f)
        return x;
    if (fabs(x) <= 0.3465f)
        return mad(x * x, __oclc_el_expm1k(x), x);
    // e^x - 1 = 2^n (p + 1) - 1 with p = e^r - 1; 2^n - 1 is exact for |n| <= 24.
    float2 rn = __oclc_el_exp_reduce(x);
    float r = rn.x;
    int n = (int)rn.y;
    float p = mad(r * r, __oclc_el_expm1k(r), r);
    if (n > 24)
        return __oclc_ff_scale(1.0f + p, n) - 1.0f;
    float t = __oclc_ff_pow2i(n);
    return mad(p, t, t - 1.0f);
}

// ---------------------------------------------------------------- logarithms

/// (log(1+f) - f + f^2/2) / f^3 for f in [sqrt(1/2) - 1, sqrt(2) - 1] (minimax,
/// 2^-26.9 relative to log(1+f)).
float __oclc_el_log1pk(float f)
{
    float p = -7.634528726e-02f;
    p = mad(p, f, 1.276168972e-01f);
    p = mad(p, f, -1.316022426e-01f);
    p = mad(p, f, 1.420174539e-01f);
    p = mad(p, f, -1.662335247e-01f);
    p = mad(p, f, 2.000122666e-01f);
    p = mad(p, f, -2.500082254e-01f);
    return mad(p, f, 3.333333135e-01f);
}

/// A positive finite x as (f, e) with x = 2^e (1 + f), 1 + f in [sqrt(1/2), sqrt(2));
/// f is exact.
float2 __oclc_el_logsplit(float x)
{
    float2 me = __oclc_ff_frexp(x);
    if (me.x > 1.41421354f)
        return (float2)(me.x * 0.5f - 1.0f, me.y + 1.0f);
    return (float2)(me.x - 1.0f, me.y);
}

/// `__oclc_el_logsplit` for a normal positive finite x, from the bits alone (musl's
/// split): subtracting the bits of sqrt(1/2) moves the exponent boundary there, so the
/// significand comes out in [sqrt(1/2), sqrt(2)) without a comparison; f = m - 1 is exact
/// (Sterbenz).
float2 __oclc_el_logsplit_normal(float x)
{
    uint ix = as_uint(x) - 0x3f3504f3u;
    float m = as_float((ix & 0x007fffffu) + 0x3f3504f3u);
    return (float2)(m - 1.0f, (float)((int)ix >> 23));
}

/// True for a positive normal finite x, the logarithms' fast path (NaN fails it).
int __oclc_el_log_fast(float x)
{
    return x >= 1.175494351e-38f && x <= 3.402823466e+38f;
}

/// log(1+f) - f for f as from `__oclc_el_logsplit`.
float __oclc_el_log1p_tail(float f)
{
    return f * f * mad(f, __oclc_el_log1pk(f), -0.5f);
}

/// log(2^e (1+f)) + c, with c a small correction, as e ln2_hi + f (exact sum kept as a
/// pair) plus the small terms.
float __oclc_el_log_sum(float f, float e, float c)
{
    float2 s = __oclc_ff_fast_two_sum(e * 0.693145751953125f, f);
    float tail = (__oclc_el_log1p_tail(f) + e * 1.4286067653e-06f) + (s.y + c);
    return s.x + tail;
}

/// The special values of log, log2 and log10 (x <= 0, infinities, NaN) or 0 where x is
/// a positive finite number (no log returns 0 for a special value except log(1) = 0, which
/// the caller computes).
int __oclc_log_special(float x)
{
    return !(x > 0.0f) || x == INFINITY;
}

float __oclc_log_special_value(float x)
{
    if (x == 0.0f)
        return -INFINITY;
    if (x == INFINITY || x != x)
        return x;
    return __oclc_qnan_f32();
}

float __oclc_log_f32(float x)
{
    float2 fe;
    if (__oclc_el_log_fast(x)) {
        fe = __oclc_el_logsplit_normal(x);
    } else {
        x = __oclc_canon_f32(x);
        if (__oclc_log_special(x))
            return __oclc_log_special_value(x);
        fe = __oclc_el_logsplit(x);
    }
    return __oclc_el_log_sum(fe.x, fe.y, 0.0f);
}

float __oclc_log2_f32(float x)
{
    float2 fe;
    if (__oclc_el_log_fast(x)) {
        fe = __oclc_el_logsplit_normal(x);
    } else {
        x = __oclc_canon_f32(x);
        if (__oclc_log_special(x))
            return __oclc_log_special_value(x);
        fe = __oclc_el_logsplit(x);
    }
    float f = fe.x;
    // e + log(1+f) log2(e), the product f log2(e) kept as an exact pair.
    float2 p = __oclc_ff_two_prod(f, 1.442695022e+00f);
    float2 s = __oclc_ff_fast_two_sum(fe.y, p.x);
    float tail = __oclc_el_log1p_tail(f) * 1.442695022e+00f + f * 1.925963034e-08f;
    return s.x + (tail + (p.y + s.y));
}

float __oclc_log10_f32(float x)
{
    float2 fe;
    if (__oclc_el_log_fast(x)) {
        fe = __oclc_el_logsplit_normal(x);
    } else {
        x = __oclc_canon_f32(x);
        if (__oclc_log_special(x))
            return __oclc_log_special_value(x);
        fe = __oclc_el_logsplit(x);
    }
    float f = fe.x;
    float e = fe.y;
    // e log10(2) + log(1+f) log10(e), with e log10(2)_hi exact and f log10(e) an exact pair.
    float2 p = __oclc_ff_two_prod(f, 4.342944920e-01f);
    float2 s = __oclc_ff_two_sum(e * 0.30103302001953125f, p.x);
    float tail = __oclc_el_log1p_tail(f) * 4.342944920e-01f + f * -1.010304995e-08f;
    tail = tail + e * -3.0243554647e-06f;
    return s.x + (tail + (p.y + s.y));
}

float __oclc_log1p_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == -1.0f)
        return -INFINITY;
    if (x < -1.0f)
        return __oclc_qnan_f32();
    if (x == INFINITY || x != x)
        return x;
    if (x > -0.29289f && x < 0.41421f)
        return x + __oclc_el_log1p_tail(x);
    // u = 1 + x rounded; x - (u - 1) is its exact rounding error c, and
    // log(1 + x) = log(u) + log(1 + c/u) ~ log(u) + c/u.
    float u = 1.0f + x;
    float c = x - (u - 1.0f);
    float2 fe = __oclc_el_logsplit(u);
    return __oclc_el_log_sum(fe.x, fe.y, c / u);
}

// ---------------------------------------------------------------- powers

/// (2 atanh(s) - 2 s) / s^3 as a polynomial in z = s^2, for z <= 0.0295 (minimax,
/// 2^-31 relative to atanh).
float __oclc_el_atanhk(float z)
{
    float p = 2.358229011e-01f;
    p = mad(p, z, 2.853730023e-01f);
    p = mad(p, z, 4.000033438e-01f);
    return mad(p, z, 6.666666269e-01f);
}

/// log2(x) for a positive finite x as a pair (hi, lo), to about 2^-30 relative:
/// log(1+f) = 2 atanh(s) with s = f / (2 + f) as a pair refined from a float quotient,
/// times log2(e) as a pair, plus the exponent.
float2 __oclc_el_log2_dd(float x)
{
    float2 fe = __oclc_el_logsplit(x);
    float f = fe.x;
    float2 u = __oclc_ff_fast_two_sum(2.0f, f);
    float sh = f / u.x;
    float2 p = __oclc_ff_two_prod(sh, u.x);
    float sl = (((f - p.x) - p.y) - sh * u.y) / u.x;
    // 2 atanh(s) = 2 s + s^3 R(s^2), s^3 ~ sh^2 (sh + 3 sl).
    float z = sh * sh;
    float s3 = mad(3.0f, sl, sh) * z;
    float2 l = __oclc_ff_fast_two_sum(2.0f * sh, mad(s3, __oclc_el_atanhk(z), 2.0f * sl));
    // (l.x + l.y) log2(e), log2(e) = 1.442695022 + 1.925963034e-08.
    float2 q = __oclc_ff_two_prod(l.x, 1.442695022e+00f);
    float ql = q.y + (l.x * 1.925963034e-08f + l.y * 1.442695022e+00f);
    float2 s = __oclc_ff_fast_two_sum(fe.y, q.x);
    return __oclc_ff_fast_two_sum(s.x, s.y + ql);
}

/// |x|^(yh + yl) for a finite nonzero x and |yh| <= 2^31, |yl| <= 256 (yl carries the
/// low bits of an integer exponent): 2^(y log2|x|) with the product as a pair.
float __oclc_el_powk(float x, float yh, float yl)
{
    float2 l = __oclc_el_log2_dd(fabs(x));
    float2 t = __oclc_ff_two_prod(yh, l.x);
    float tl = t.y + (yh * l.y + yl * l.x);
    float th = t.x + tl;
    if (th > 130.0f)
        return INFINITY;
    if (th < -152.0f)
        return 0.0f;
    float2 tt = __oclc_ff_fast_two_sum(t.x, tl);
    return __oclc_el_exp2_dd(tt.x, tt.y);
}

/// v with its low 12 significand bits cleared: 12 significant bits, so that the product of
/// two such values is exact, and v - the result is exact.
float __oclc_el_hi12(float v)
{
    return as_float(as_uint(v) & 0xfffff000u);
}

/// x^y for a normal positive finite x and a finite y: pow's and powr's fast path (no special
/// values arise; x^0 and 1^y come out as exactly 1). Bit masks replace Dekker's splits (the
/// products of 12-bit halves are exact; the exact steps are plain multiplies and subtractions):
/// - x = 2^e (1 + f) with f exact (`__oclc_el_logsplit_normal`); log2(1 + f) = K atanh(s)
///   with s = f / (2 + f), K = 2 / ln 2. 2 + f = u.hi + u.lo exactly (FastTwoSum);
///   s.hi = the 12-bit head of f * (1 / u.hi) (any seed within a few ulp will do), and
///   s.lo = (f - s.hi (u.hi' + u.lo')) / u.hi with u.hi' the 12-bit head of u.hi: f -
///   s.hi u.hi' is exact (fdlibm's powf argument: it is about 2^-11 f, on f's grid), the
///   rest rounds at 2^-24 of terms 2^-11 below s, and the division's seed errs by 2.5 ulp
///   of a term 2^-11 below s: s within 2^-33 relative.
/// - log2 x = e + K.hi s.hi (exact product, K.hi of 12 bits; FastTwoSum with e) + K.hi s.lo
///   + K.lo s + s^3 log2(e) R(s^2) (R: `__oclc_el_atanhk`'s fit, 2^-31, its coefficients
///   times log2(e)), renormalized with FastTwoSum. The s^3 term is below 1% of K s; the
///   rounding of s = s.hi + s.lo would err by 3 ulp of it, so that error (exact, ds) is
///   added back as K s^2 ds; the other roundings of the term leave about 2^-29 relative,
///   as in the full path's `__oclc_el_log2_dd`.
/// - t = y log2 x as hi + lo with hi = y' l' (12-bit heads, exact) and lo the other partial
///   products (each 2^-11 below t, rounded at 2^-24 of that); 2^t = 2^n 2^r with n =
///   rint(hi + lo), r = (hi - n) + lo (hi - n exact: n is within 1/2 + |lo| of hi),
///   2^r from `__oclc_el_exp2k` (2^-28.7), 2^n one exact multiply by a normal power of two
///   (the result stays normal for |t| < 125; beyond, `__oclc_ff_scale`'s two steps).
/// Error: t's absolute error moves the result by ln 2 times as much, relatively: 2^-26 from
/// r's rounding and up to |t| 2^-29 from the logarithm, plus half an ulp for 1 + r
/// 2^r-poly; the same terms as the full path below. Measured (scripts/float-sweep/sweep2.sh,
/// 8 x 16M pairs on the CPU device, x near 1 and everywhere, |y log2 x| up to 160): worst
/// 3.08 ulp, the full path before it 3.31 on the same pairs, both at x near sqrt(2) with
/// |y log2 x| near 128 (OpenCL: 16).
float __oclc_el_pow_fast(float x, float y)
{
    float2 fe = __oclc_el_logsplit_normal(x);
    float f = fe.x;
    float2 u = __oclc_ff_fast_two_sum(2.0f, f);
    float rcp = 1.0f / u.x;
    float sh = __oclc_el_hi12(f * rcp);
    float uh = __oclc_el_hi12(u.x);
    float ul = (u.x - uh) + u.y;
    float sl = ((f - sh * uh) - sh * ul) * rcp;
    float s = sh + sl;
    float z = s * s;
    float p = mad(z, 3.402205408e-01f, 4.117062092e-01f);
    p = mad(z, p, 5.770828128e-01f);
    p = mad(z, p, 9.617966413e-01f);
    // s's rounding error ds, carried into the s^3 term as 3 s^2 ds (K/3).
    float ds = (sh - s) + sl;
    float2 l = __oclc_ff_fast_two_sum(fe.y, 2.8857421875f * sh);
    float tail = mad(s * z, p, z * ds * 2.885390043f);
    l = __oclc_ff_fast_two_sum(l.x, l.y + (mad(2.8857421875f, sl, -3.521057078614831e-04f * s) + tail));
    // t = y (l.x + l.y): the 12-bit heads' product exact, the rest rounded.
    float yh = __oclc_el_hi12(y);
    float lh = __oclc_el_hi12(l.x);
    float th = yh * lh;
    float tl = mad(yh, l.x - lh, mad(y - yh, l.x, y * l.y));
    float t = th + tl;
    if (fabs(t) < 125.0f) {
        float n = rint(t);
        float r = (th - n) + tl;
        return mad(r, __oclc_el_exp2k(r), 1.0f) * __oclc_ff_pow2i((int)n);
    }
    // Near or past overflow and underflow (th may be infinite; tl stays finite): as
    // `__oclc_el_powk`, the two-step scaling rounds once into the denormals or infinity.
    if (t > 130.0f)
        return INFINITY;
    if (t < -152.0f)
        return 0.0f;
    float n = rint(t);
    float r = (th - n) + tl;
    return __oclc_ff_scale(mad(r, __oclc_el_exp2k(r), 1.0f), (int)n);
}

/// True where pow's fast path applies: x normal positive finite, y finite.
int __oclc_el_pow_fast_ok(float x, float y)
{
    return as_uint(x) - 0x00800000u < 0x7f000000u && (as_uint(y) & 0x7fffffffu) < 0x7f800000u;
}

/// True where the float y is an odd integer.
int __oclc_el_is_odd(float y)
{
    float h = y * 0.5f;
    return floor(y) == y && floor(h) != h;
}

/// pow(x, yh + yl) with C99 Annex F's special values, the core of pow and pown; `odd`
/// says whether the exponent is an odd integer, `integral` whether it is an integer.
float __oclc_pow_core(float x, float yh, float yl, int odd, int integral)
{
    if ((yh == 0.0f && yl == 0.0f) || x == 1.0f)
        return 1.0f;
    if (x != x || yh != yh)
        return __oclc_qnan_f32();
    float ax = fabs(x);
    if (ax == 0.0f) {
        float z = yh < 0.0f ? INFINITY : 0.0f;
        return odd ? __oclc_copysign_f32(z, x) : z;
    }
    if (yh == INFINITY || yh == -INFINITY) {
        if (ax == 1.0f)
            return 1.0f;
        return ((ax < 1.0f) == (yh < 0.0f)) ? INFINITY : 0.0f;
    }
    if (ax == INFINITY) {
        float z = yh < 0.0f ? 0.0f : INFINITY;
        return (odd && x < 0.0f) ? -z : z;
    }
    if (x < 0.0f && !integral)
        return __oclc_qnan_f32();
    // Beyond 2^31 the result over- or underflows whatever x != 1 is.
    if (fabs(yh) > 2147483648.0f)
        yh = __oclc_copysign_f32(2147483648.0f, yh);
    float r = __oclc_el_powk(x, yh, yl);
    return (odd && x < 0.0f) ? -r : r;
}

float __oclc_pow_f32(float x, float y)
{
    if (__oclc_el_pow_fast_ok(x, y))
        return __oclc_el_pow_fast(x, y);
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    return __oclc_pow_core(x, y, 0.0f, __oclc_el_is_odd(y), floor(y) == y);
}

float __oclc_pown_f32(float x, int n)
{
    x = __oclc_canon_f32(x);
    // n = hi + lo with both parts exact in float (beyond 2^24 the low byte apart).
    int nh = (n >= -16777216 && n <= 16777216) ? n : (n & ~0xff);
    float hi = (float)nh;
    float lo = (float)(n - nh);
    return __oclc_pow_core(x, hi, lo, n & 1, 1);
}

float __oclc_powr_f32(float x, float y)
{
    if (__oclc_el_pow_fast_ok(x, y))
        return __oclc_el_pow_fast(x, y);
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    if (x < 0.0f || x != x || y != y)
        return __oclc_qnan_f32();
    if (x == 0.0f) {
        if (y == 0.0f)
            return __oclc_qnan_f32();
        return y < 0.0f ? INFINITY : 0.0f;
    }
    if (x == INFINITY) {
        if (y == 0.0f)
            return __oclc_qnan_f32();
        return y < 0.0f ? 0.0f : INFINITY;
    }
    if (x == 1.0f)
        return (y == INFINITY || y == -INFINITY) ? __oclc_qnan_f32() : 1.0f;
    return __oclc_pow_core(x, y, 0.0f, 0, 1);
}

float __oclc_rootn_f32(float x, int n)
{
    x = __oclc_canon_f32(x);
    if (n == 0 || x != x || (x < 0.0f && (n & 1) == 0))
        return __oclc_qnan_f32();
    int odd = n & 1;
    if (x == 0.0f) {
        float z = n < 0 ? INFINITY : 0.0f;
        return odd ? __oclc_copysign_f32(z, x) : z;
    }
    if (x == INFINITY || x == -INFINITY) {
        float z = n < 0 ? 0.0f : INFINITY;
        return __oclc_copysign_f32(z, x);
    }
    // log2|x| / n as a pair: a float quotient and its exact residual.
    float2 l = __oclc_el_log2_dd(fabs(x));
    float nf = (float)n;
    float qh = l.x / nf;
    float2 p = __oclc_ff_two_prod(qh, nf);
    float ql = (((l.x - p.x) - p.y) + l.y) / nf;
    float2 q = __oclc_ff_fast_two_sum(qh, ql);
    return __oclc_copysign_f32(__oclc_el_exp2_dd(q.x, q.y), x);
}

/// Cube root: x = m 8^k with m in [1, 8); an inverse cube root w from a bit-level seed and
/// three Newton steps, c = m w^2, and a last step with the exact residual m - c^3.
float __oclc_cbrt_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    float2 me = __oclc_ff_frexp(x);
    int e = (int)me.y;
    int k = (e >= 0 ? e : e - 2) / 3;
    float m = me.x * (float)(1 << (e - 3 * k));
    float w = as_float(0x54a23300u - as_uint(m) / 3u);
    w = mad(w * 0.333333343f, 1.0f - m * (w * w * w), w);
    w = mad(w * 0.333333343f, 1.0f - m * (w * w * w), w);
    w = mad(w * 0.333333343f, 1.0f - m * (w * w * w), w);
    float ww = w * w;
    float c = m * ww;
    float2 c2 = __oclc_ff_two_prod(c, c);
    float2 c3 = __oclc_ff_two_prod(c2.x, c);
    float res = ((m - c3.x) - c3.y) - c2.y * c;
    c = mad(res, ww * 0.333333343f, c);
    return __oclc_copysign_f32(c * __oclc_ff_pow2i(k), x);
}

// ---------------------------------------------------------------- fma

/// A finite nonzero float's significand as an integer in [2^23, 2^24) and the exponent of
/// its last bit: |x| = m 2^e. A denormal's significand converts to float exactly, and
/// that float's exponent gives the shift that normalizes it.
int2 __oclc_el_unpack(float x)
{
    uint b = as_uint(x) & 0x7fffffffu;
    if (b >= 0x00800000u)
        return (int2)((int)((b & 0x007fffffu) | 0x00800000u), (int)(b >> 23) - 150);
    int up = 150 - (int)(as_uint((float)b) >> 23);
    return (int2)((int)(b << up), -149 - up);
}

/// The index of the highest set bit of a nonzero 64-bit integer, from the exponent of a
/// 32-bit half converted to float (one less where the conversion rounded up past it).
int __oclc_el_msb64(ulong v)
{
    uint hi = (uint)(v >> 32);
    uint x = hi != 0u ? hi : (uint)v;
    int e = (int)(as_uint((float)x) >> 23) - 127;
    if (e > 31 || (x >> (e & 31)) == 0u)
        e = e - 1;
    return hi != 0u ? e + 32 : e;
}

/// Correctly rounded a*b+c with integer arithmetic only (fma's fallback for the operands
/// that `__oclc_fma_f32`'s fast path leaves out): the 48-bit product of the
/// significands and c's significand, each with its top bit at bit 61 of a 64-bit
/// integer, are added or subtracted after aligning the smaller (bits shifted out kept
/// as a sticky bit, far below the rounding position), and the sum is rounded to nearest
/// even at float's precision or at the denormal quantum, whichever is coarser.
float __oclc_fma_int_f32(float a, float b, float c)
{
    a = __oclc_canon_f32(a);
    b = __oclc_canon_f32(b);
    c = __oclc_canon_f32(c);
    // A zero or special factor: the product is exact (or NaN/infinite) and rounds once.
    if (a == 0.0f || b == 0.0f || __oclc_nonfinite_f32(a) || __oclc_nonfinite_f32(b))
        return a * b + c;
    if (__oclc_nonfinite_f32(c))
        return c;
    if (c == 0.0f)
        return a * b;
    int2 ua = __oclc_el_unpack(a);
    int2 ub = __oclc_el_unpack(b);
    int2 uc = __oclc_el_unpack(c);
    ulong p = (ulong)(uint)ua.x * (ulong)(uint)ub.x;
    int sp = (p >> 47) != 0UL ? 14 : 15;
    p = p << sp;
    int ep = ua.y + ub.y - sp;
    ulong q = (ulong)(uint)uc.x << 38;
    int eq = uc.y - 38;
    uint neg = (as_uint(a) ^ as_uint(b)) >> 31;
    uint sub = neg ^ (as_uint(c) >> 31);
    ulong big = p;
    ulong small = q;
    int e = ep;
    int d = ep - eq;
    if (eq > ep) {
        big = q;
        small = p;
        e = eq;
        d = eq - ep;
        neg = as_uint(c) >> 31;
    }
    if (d > 63)
        small = 1UL;
    else if (d > 0)
        small = (small >> d) | (ulong)((small & ((1UL << d) - 1UL)) != 0UL);
    ulong r = big + small;
    if (sub) {
        if (small > big) {
            r = small - big;
            neg = neg ^ 1u;
        } else {
            r = big - small;
        }
        if (r == 0UL)
            return 0.0f;
    }
    // r 2^e rounded: keep 24 bits, or the bits down to 2^-149.
    int msb = __oclc_el_msb64(r);
    int shift = max(msb - 23, -149 - e);
    uint m = 0u;
    if (shift <= 0) {
        m = (uint)(r << -shift);
    } else if (shift < 64) {
        m = (uint)(r >> shift);
        ulong rem = r & ((1UL << shift) - 1UL);
        ulong mid = 1UL << (shift - 1);
        if (rem > mid || (rem == mid && (m & 1u) != 0u))
            m = m + 1u;
    }
    e = e + shift;
    uint bits = e > 104 ? 0x7f800000u : ((uint)(e + 149) << 23) + m;
    return as_float(bits | (neg << 31));
}

/// Correctly rounded a*b+c. The common case uses float operations only (Boldo and
/// Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using
/// rounding to odd", IEEE Trans. Computers 2008): with uh + ul = a*b exactly (Dekker's
/// product) and th + tl = c + uh exactly (TwoSum), RN(th + RO(tl + ul)) is the correctly
/// rounded a*b+c, RO being the addition rounded to odd, in float precision too, as long
/// as nothing overflows or underflows. The guard on the biased exponents keeps every
/// partial result a normal number or zero (so that devices flushing denormals compute
/// the same) and far from overflow; zeros, denormals, infinities, NaN and results near
/// either threshold go to the integer path `__oclc_fma_int_f32`.
float __oclc_fma_f32(float a, float b, float c)
{
    uint ea = (as_uint(a) >> 23) & 0xffu;
    uint eb = (as_uint(b) >> 23) & 0xffu;
    uint ec = (as_uint(c) >> 23) & 0xffu;
    // Every value below is an integer multiple of the halves' smallest product
    // 2^(Ea+Eb-46) or of c's last bit 2^(Ec-23) (E: unbiased exponents), and the guard
    // makes both at least 2^-126, the smallest normal: a and b in [2^-103, 2^128)
    // (finite, and the low halves' last bits normal), 2^(Ea+Eb) in [2^-80, 2^124] (so
    // a*b < 2^126), c in [2^-103, 2^126) (so c + a*b < 2^127, far from overflow).
    uint fast = (uint)(ea - 24u <= 230u) & (uint)(eb - 24u <= 230u)
        & (uint)(ea + eb - 174u <= 204u) & (uint)(ec - 24u <= 228u);
    if (fast == 0u)
        return __oclc_fma_int_f32(a, b, c);
    // Dekker's product with each factor split on its bits into a high half of 12
    // significant bits and the low 12 bits (the partial products are exact).
    float ah = as_float(as_uint(a) & 0xfffff000u);
    float al = a - ah;
    float bh = as_float(as_uint(b) & 0xfffff000u);
    float bl = b - bh;
    float uh = a * b;
    float ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl;
    // TwoSum(c, uh).
    float th = c + uh;
    float tb = th - c;
    float tl = (c - (th - tb)) + (uh - tb);
    // v = tl + ul rounded to odd: rounded to nearest, then, where inexact (its TwoSum
    // error e is nonzero) and v's last bit is even, one ulp towards e (on the bits; v is
    // then a normal number far above the smallest one).
    float v = tl + ul;
    float vb = v - tl;
    float e = (tl - (v - vb)) + (ul - vb);
    uint bits = as_uint(v);
    if (e != 0.0f && (bits & 1u) == 0u)
        bits = ((as_uint(e) ^ bits) >> 31) != 0u ? bits - 1u : bits + 1u;
    return th + as_float(bits);
}

// ---------------------------------------------------------------- native_* without a
// Vulkan instruction (implementation-defined precision: the native base-2 forms).

float __oclc_native_exp10_f32(float x)
{
    x = __oclc_canon_f32(x);
    return native_exp2(x * 3.3219280948873622f);
}

float __oclc_native_log10_f32(float x)
{
    x = __oclc_canon_f32(x);
    return native_log2(x) * 0.30102999566398120f;
}
