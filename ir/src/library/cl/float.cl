// oclc's shared built-in library: float math functions with OpenCL 1.2 full-profile
// precision, written once in OpenCL C for targets whose native math is less precise
// (Vulkan). Technique: every f32 function is evaluated in double precision (exact range
// reductions, Taylor/atanh polynomials well past double accuracy) and rounded once to
// float, so the error stays near 0.5 ulp. Only operations whose precision Vulkan
// guarantees are used: f64/f32 add, sub, mul, conversions, integer and bit operations,
// floor/trunc/rint/fabs/min/max, and native_rsqrt / float division only as seeds refined
// by Newton steps. Helpers are named `__oclc_d_*` (double kernels); the built-in `F` on
// float is `__oclc_F_f32`.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// ---------------------------------------------------------------- bit helpers

/// 2^n as a double, for n in [-1022, 1023].
double __oclc_d_pow2i(int n)
{
    return as_double((ulong)(long)(n + 1023) << 52);
}

/// x, or x's signed zero where the device's float comparisons flush denormals (then x
/// compares equal to 0 without being zero): every entry point canonicalizes its float
/// operands so that one function never mixes "denormal" and "zero" views of an operand
/// (OpenCL accepts either on a device without denormal support, not a mixture).
float __oclc_canon_f32(float x)
{
    return x == 0.0f ? as_float(as_uint(x) & 0x80000000u) : x;
}

/// The exact double value of a float, denormals included: devices that flush float
/// denormals in conversions (NVIDIA's Vulkan driver does without DenormPreserve) would
/// otherwise see a denormal as zero here but as nonzero in comparisons.
double __oclc_f2d(float x)
{
    uint b = as_uint(x);
    uint a = b & 0x7fffffffu;
    if (a >= 0x00800000u || a == 0u)
        return (double)x;
    double v = (double)a * 1.401298464324817e-45;
    return (b >> 31) ? -v : v;
}

/// True where x is an infinity or a NaN.
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

// ---------------------------------------------------------------- division and roots

/// 1/b for a nonzero finite b whose reciprocal is a normal double: the mantissa's float
/// reciprocal refined by two Newton steps, scaled by the exponent.
double __oclc_d_recip(double b)
{
    ulong bits = as_ulong(b);
    int e = (int)((bits >> 52) & 0x7ffUL) - 1023;
    double m = as_double((bits & 0x800fffffffffffffUL) | 0x3ff0000000000000UL);
    double y = (double)(1.0f / (float)m);
    y = y * (2.0 - m * y);
    y = y * (2.0 - m * y);
    return y * __oclc_d_pow2i(-e);
}

/// a/b within a few double ulp (b as for `__oclc_d_recip`).
double __oclc_d_div(double a, double b)
{
    return a * __oclc_d_recip(b);
}

/// sqrt(v) for a positive normal double, within a few double ulp.
double __oclc_d_sqrt(double v)
{
    int e = (int)(as_ulong(v) >> 52) - 1023;
    int k = e >> 1;
    double m = v * __oclc_d_pow2i(-2 * k);
    double r = (double)native_rsqrt((float)m);
    r = r * (1.5 - 0.5 * m * r * r);
    r = r * (1.5 - 0.5 * m * r * r);
    r = r * (1.5 - 0.5 * m * r * r);
    return m * r * __oclc_d_pow2i(k);
}

/// Correctly rounded square root.
float __oclc_sqrt_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || x == INFINITY)
        return x;
    if (!(x > 0.0f))
        return __oclc_qnan_f32();
    double d = __oclc_f2d(x);
    float f = (float)__oclc_d_sqrt(d);
    double fd = __oclc_f2d(f);
    // The midpoints to the neighbours have 25 bits: their squares are exact in double.
    double up = 0.5 * (fd + (double)as_float(as_uint(f) + 1u));
    double dn = 0.5 * (fd + (double)as_float(as_uint(f) - 1u));
    if (up * up < d)
        return as_float(as_uint(f) + 1u);
    if (dn * dn > d)
        return as_float(as_uint(f) - 1u);
    return f;
}

/// Correctly rounded a*b+c: the product is exact in double, the sum is rounded to odd
/// (TwoSum's error term decides) so that the final rounding to float is correct.
float __oclc_fma_f32(float a, float b, float c)
{
    a = __oclc_canon_f32(a);
    b = __oclc_canon_f32(b);
    c = __oclc_canon_f32(c);
    double p = __oclc_f2d(a) * __oclc_f2d(b);
    double dc = __oclc_f2d(c);
    double s = p + dc;
    if (__oclc_d_nonfinite(s))
        return (float)s;
    double bb = s - p;
    double err = (p - (s - bb)) + (dc - bb);
    ulong sb = as_ulong(s);
    if (err != 0.0 && (sb & 1UL) == 0UL) {
        sb = ((err > 0.0) == (s > 0.0)) ? sb + 1UL : sb - 1UL;
        s = as_double(sb);
    }
    return (float)s;
}

// ---------------------------------------------------------------- exponentials

/// e^r for |r| <= 0.35 (Taylor series to r^14).
double __oclc_d_expk(double r)
{
    double p = 1.1470745597729725e-11;
    p = mad(p, r, 1.6059043836821613e-10);
    p = mad(p, r, 2.08767569878681e-09);
    p = mad(p, r, 2.505210838544172e-08);
    p = mad(p, r, 2.755731922398589e-07);
    p = mad(p, r, 2.7557319223985893e-06);
    p = mad(p, r, 2.48015873015873e-05);
    p = mad(p, r, 0.0001984126984126984);
    p = mad(p, r, 0.001388888888888889);
    p = mad(p, r, 0.008333333333333333);
    p = mad(p, r, 0.041666666666666664);
    p = mad(p, r, 0.16666666666666666);
    p = mad(p, r, 0.5);
    p = mad(p, r, 1.0);
    return p * r + 1.0;
}

/// e^x for |x| <= 700 (Cody-Waite reduction by ln 2).
double __oclc_d_exp(double x)
{
    double n = rint(x * 1.4426950408889634);
    double r = (x - n * 0.6931471803691238) - n * 1.9082149292705877e-10;
    return __oclc_d_expk(r) * __oclc_d_pow2i((int)n);
}

/// 2^t for |t| <= 1000.
double __oclc_d_exp2(double t)
{
    double n = rint(t);
    return __oclc_d_expk((t - n) * 0.6931471805599453) * __oclc_d_pow2i((int)n);
}

/// e^x - 1 for |x| <= 700, accurate near 0.
double __oclc_d_expm1(double x)
{
    if (fabs(x) >= 0.5)
        return __oclc_d_exp(x) - 1.0;
    double p = 2.8114572543455206e-15;
    p = mad(p, x, 4.779477332387385e-14);
    p = mad(p, x, 7.647163731819816e-13);
    p = mad(p, x, 1.1470745597729725e-11);
    p = mad(p, x, 1.6059043836821613e-10);
    p = mad(p, x, 2.08767569878681e-09);
    p = mad(p, x, 2.505210838544172e-08);
    p = mad(p, x, 2.755731922398589e-07);
    p = mad(p, x, 2.7557319223985893e-06);
    p = mad(p, x, 2.48015873015873e-05);
    p = mad(p, x, 0.0001984126984126984);
    p = mad(p, x, 0.001388888888888889);
    p = mad(p, x, 0.008333333333333333);
    p = mad(p, x, 0.041666666666666664);
    p = mad(p, x, 0.16666666666666666);
    p = mad(p, x, 0.5);
    p = mad(p, x, 1.0);
    return p * x;
}

float __oclc_exp_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 89.0f)
        return INFINITY;
    if (x < -104.0f)
        return 0.0f;
    return (float)__oclc_d_exp(__oclc_f2d(x));
}

float __oclc_exp2_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 129.0f)
        return INFINITY;
    if (x < -151.0f)
        return 0.0f;
    return (float)__oclc_d_exp2(__oclc_f2d(x));
}

float __oclc_exp10_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 39.0f)
        return INFINITY;
    if (x < -46.0f)
        return 0.0f;
    return (float)__oclc_d_exp(__oclc_f2d(x) * 2.302585092994046);
}

float __oclc_expm1_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (x > 89.0f)
        return INFINITY;
    if (x < -40.0f)
        return -1.0f;
    return (float)__oclc_d_expm1(__oclc_f2d(x));
}

// ---------------------------------------------------------------- logarithms

/// log(1+f) = 2 atanh(f / (2+f)) for f in [-0.3, 0.42].
double __oclc_d_log1pk(double f)
{
    double s = f * __oclc_d_recip(2.0 + f);
    double z = s * s;
    double p = 0.043478260869565216;
    p = mad(p, z, 0.047619047619047616);
    p = mad(p, z, 0.05263157894736842);
    p = mad(p, z, 0.058823529411764705);
    p = mad(p, z, 0.06666666666666667);
    p = mad(p, z, 0.07692307692307693);
    p = mad(p, z, 0.09090909090909091);
    p = mad(p, z, 0.1111111111111111);
    p = mad(p, z, 0.14285714285714285);
    p = mad(p, z, 0.2);
    p = mad(p, z, 0.3333333333333333);
    p = mad(p, z, 1.0);
    return 2.0 * s * p;
}

/// Splits a positive normal double into x = 2^e * (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)];
/// returns (e, f).
double2 __oclc_d_logsplit(double x)
{
    ulong b = as_ulong(x);
    int e = (int)(b >> 52) - 1023;
    double m = as_double((b & 0x000fffffffffffffUL) | 0x3ff0000000000000UL);
    if (m > 1.4142135623730951) {
        m = m * 0.5;
        e = e + 1;
    }
    return (double2)((double)e, m - 1.0);
}

/// log(x) for a positive normal double.
double __oclc_d_log(double x)
{
    double2 ef = __oclc_d_logsplit(x);
    return ef.x * 0.6931471805599453 + __oclc_d_log1pk(ef.y);
}

/// log2(x) for a positive normal double (the exponent part is exact).
double __oclc_d_log2(double x)
{
    double2 ef = __oclc_d_logsplit(x);
    return ef.x + __oclc_d_log1pk(ef.y) * 1.4426950408889634;
}

/// log(1+x) for x > -1 (finite), accurate near 0.
double __oclc_d_log1p(double x)
{
    if (x > -0.29 && x < 0.41)
        return __oclc_d_log1pk(x);
    return __oclc_d_log(1.0 + x);
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
    x = __oclc_canon_f32(x);
    if (__oclc_log_special(x))
        return __oclc_log_special_value(x);
    return (float)__oclc_d_log(__oclc_f2d(x));
}

float __oclc_log2_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_log_special(x))
        return __oclc_log_special_value(x);
    return (float)__oclc_d_log2(__oclc_f2d(x));
}

float __oclc_log10_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_log_special(x))
        return __oclc_log_special_value(x);
    double2 ef = __oclc_d_logsplit(__oclc_f2d(x));
    return (float)(ef.x * 0.3010299956639812 + __oclc_d_log1pk(ef.y) * 0.4342944819032518);
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
    return (float)__oclc_d_log1p(__oclc_f2d(x));
}

// ---------------------------------------------------------------- powers

/// True where the double y is an odd integer.
int __oclc_d_is_odd(double y)
{
    double h = y * 0.5;
    return floor(y) == y && floor(h) != h;
}

/// |x|^y rounded to float, for finite nonzero x and finite y (sign handled by callers).
float __oclc_powabs_f32(float x, double y)
{
    x = __oclc_canon_f32(x);
    double t = y * __oclc_d_log2(fabs(__oclc_f2d(x)));
    t = fmin(fmax(t, -1000.0), 1000.0);
    return (float)__oclc_d_exp2(t);
}

/// pow(x, y) for a float x and an (exactly representable) double y, with C99 Annex F's
/// special values; the core of pow and pown.
float __oclc_pow_core(float x, double y)
{
    if (y == 0.0 || x == 1.0f)
        return 1.0f;
    if (x != x || y != y)
        return __oclc_qnan_f32();
    double ax = fabs(__oclc_f2d(x));
    int odd = __oclc_d_is_odd(y);
    if (ax == 0.0) {
        float z = y < 0.0 ? INFINITY : 0.0f;
        return odd ? __oclc_copysign_f32(z, x) : z;
    }
    if (y == INFINITY || y == -INFINITY) {
        if (ax == 1.0)
            return 1.0f;
        return ((ax < 1.0) == (y < 0.0)) ? INFINITY : 0.0f;
    }
    if (ax == INFINITY) {
        float z = y < 0.0 ? 0.0f : INFINITY;
        return (odd && x < 0.0f) ? -z : z;
    }
    if (x < 0.0f && floor(y) != y)
        return __oclc_qnan_f32();
    float r = __oclc_powabs_f32(x, y);
    return (odd && x < 0.0f) ? -r : r;
}

float __oclc_pow_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    return __oclc_pow_core(x, __oclc_f2d(y));
}

float __oclc_pown_f32(float x, int n)
{
    x = __oclc_canon_f32(x);
    return __oclc_pow_core(x, (double)n);
}

float __oclc_powr_f32(float x, float y)
{
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
    return __oclc_pow_core(x, __oclc_f2d(y));
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
    double t = __oclc_d_log2(fabs(__oclc_f2d(x))) * __oclc_d_recip((double)n);
    float r = (float)__oclc_d_exp2(t);
    return __oclc_copysign_f32(r, x);
}

float __oclc_cbrt_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    double t = __oclc_d_log2(fabs(__oclc_f2d(x))) * 0.3333333333333333;
    return __oclc_copysign_f32((float)__oclc_d_exp2(t), x);
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
