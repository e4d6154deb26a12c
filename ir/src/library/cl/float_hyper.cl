// Hyperbolic functions and their inverses of oclc's built-in library, in single precision
// only (no double anywhere, so that Vulkan modules need no Float64 capability). The
// first section is a small float-float toolkit (error-free sums and products, a refined
// division and square root, e^x and log(1+x) with extra precision) that float_misc.cl and
// float_special.cl build on too. Every step uses operations whose Vulkan precision is
// known: add, sub and mul (correctly rounded; the library's float arithmetic is decorated
// NoContraction on Vulkan so the error-free transformations survive), integer and bit
// operations, conversions, and division / native_rsqrt only as seeds that a Newton step
// on an exact residual refines.

// ---------------------------------------------------------------- float-float toolkit

/// 2^n as a float, for n in [-126, 127].
float __oclc_hy_pow2(int n)
{
    return as_float((uint)(n + 127) << 23);
}

/// v * 2^n for n in [-252, 254], rounded once (the first factor keeps v's product normal
/// where the result is).
float __oclc_hy_scale(float v, int n)
{
    int h = n / 2;
    return v * __oclc_hy_pow2(h) * __oclc_hy_pow2(n - h);
}

/// (s, e): s = fl(a + b) and s + e = a + b exactly (Knuth's TwoSum).
float2 __oclc_hy_two_sum(float a, float b)
{
    float s = a + b;
    float bb = s - a;
    return (float2)(s, (a - (s - bb)) + (b - bb));
}

/// TwoSum where |a| >= |b| or a == 0 (Dekker's Fast2Sum).
float2 __oclc_hy_fast_two_sum(float a, float b)
{
    float s = a + b;
    return (float2)(s, b - (s - a));
}

/// The high half of Veltkamp's split of a (|a| < 2^115): 12 significant bits, so that
/// products of halves are exact.
float __oclc_hy_split(float a)
{
    float c = 4097.0f * a;
    return c - (c - a);
}

/// (p, e): p = fl(a * b) and p + e = a * b exactly (Dekker's product; |a|, |b| < 2^115 and
/// the error term not below the normal range).
float2 __oclc_hy_two_prod(float a, float b)
{
    float p = a * b;
    float ah = __oclc_hy_split(a);
    float al = a - ah;
    float bh = __oclc_hy_split(b);
    float bl = b - bh;
    return (float2)(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl);
}

/// a / b within about half an ulp: Vulkan's division (2.5 ulp for |b| in [2^-126, 2^126])
/// corrected by one Newton step on the exact residual a - q b (a / b normal).
float __oclc_hy_div(float a, float b)
{
    float q = a / b;
    float2 p = __oclc_hy_two_prod(q, b);
    float r = (a - p.x) - p.y;
    return q + r / b;
}

/// sqrt(h + l) for h in [2^-100, 2^100] and |l| <= ulp(h): native_rsqrt as a seed, one
/// Newton step, then a correction from the exact residual h + l - s^2 (within about half an
/// ulp).
float __oclc_hy_sqrt2(float h, float l)
{
    float y = native_rsqrt(h);
    y = y * (1.5f - 0.5f * h * y * y);
    float s = h * y;
    float2 p = __oclc_hy_two_prod(s, s);
    float r = ((h - p.x) - p.y) + l;
    return s + r * (0.5f * y);
}

// ---------------------------------------------------------------- e^x and log(1+x) cores

float __oclc_sinh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return x;
    double a = fabs(__oclc_f2d(x));
    if (a > 90.0)
        return __oclc_copysign_f32(INFINITY, x);
    double v;
    if (a < 1.0) {
        // Taylor series to x^21: no cancellation near 0.
        double z = a * a;
        double p = 1.9572941063391263e-20;
        p = mad(p, z, 8.22063524662433e-18);
        p = mad(p, z, 2.8114572543455206e-15);
        p = mad(p, z, 7.647163731819816e-13);
        p = mad(p, z, 1.6059043836821613e-10);
        p = mad(p, z, 2.505210838544172e-08);
        p = mad(p, z, 2.7557319223985893e-06);
        p = mad(p, z, 0.0001984126984126984);
        p = mad(p, z, 0.008333333333333333);
        p = mad(p, z, 0.16666666666666666);
        v = a + a * z * p;
    } else {
        double e = __oclc_d_exp(a);
        v = 0.5 * (e - __oclc_d_recip(e));
    }
    return __oclc_copysign_f32((float)v, x);
}

float __oclc_cosh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    double a = fabs(__oclc_f2d(x));
    if (a > 90.0)
        return INFINITY;
    double e = __oclc_d_exp(a);
    return (float)(0.5 * (e + __oclc_d_recip(e)));
}

float __oclc_tanh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    double a = fabs(__oclc_f2d(x));
    if (a >= 10.0)
        return __oclc_copysign_f32(1.0f, x);
    double em = __oclc_d_expm1(2.0 * a);
    if (em == 0.0)
        return x;
    return __oclc_copysign_f32((float)__oclc_d_div(em, em + 2.0), x);
}

float __oclc_asinh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    double a = fabs(__oclc_f2d(x));
    double v;
    if (a > 67108864.0) {
        v = __oclc_d_log(a) + 0.6931471805599453;
    } else {
        // log1p(a + a^2 / (1 + sqrt(1 + a^2))): no cancellation near 0.
        double z = a * a;
        v = __oclc_d_log1p(a + __oclc_d_div(z, 1.0 + __oclc_d_sqrt(1.0 + z)));
    }
    return __oclc_copysign_f32((float)v, x);
}

float __oclc_acosh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 1.0f)
        return 0.0f;
    if (!(x >= 1.0f))
        return __oclc_qnan_f32();
    if (x == INFINITY)
        return x;
    double d = __oclc_f2d(x);
    if (d > 67108864.0)
        return (float)(__oclc_d_log(d) + 0.6931471805599453);
    double t = d - 1.0;
    return (float)__oclc_d_log1p(t + __oclc_d_sqrt(t * (d + 1.0)));
}

float __oclc_atanh_f32(float x)
{
    x = __oclc_canon_f32(x);
    float ax = fabs(x);
    if (ax == 1.0f)
        return __oclc_copysign_f32(INFINITY, x);
    if (!(ax < 1.0f))
        return __oclc_qnan_f32();
    if (x == 0.0f)
        return x;
    double d = __oclc_f2d(ax);
    double v = 0.5 * __oclc_d_log1p(__oclc_d_div(2.0 * d, 1.0 - d));
    return __oclc_copysign_f32((float)v, x);
}
