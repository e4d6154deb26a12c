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

/// The reduced argument of e^(a + al): (r, rl) with a + al = n ln 2 + r + rl, |r| <= 0.35
/// (Cody-Waite: n ln2_hi has 24 bits and a - n ln2_hi is exact; the rest joins by TwoSum).
/// n = rint(a / ln 2) with |n| <= 256; al is a small tail (|al| <= ulp(a)).
float2 __oclc_hy_exp_reduce(float a, float al, float n)
{
    float r = a - n * 0.693145751953125f;
    float2 s = __oclc_hy_two_sum(r, -(n * 1.428606765330187e-06f));
    return (float2)(s.x, s.y + al);
}

/// e^(r + rl) for |r| <= 0.35 and a small tail rl, as a float-float (h, l) with a relative
/// error near 2^-27: 1 + r + r^2 Q(r) with a minimax Q, summed from the exact 1 + r.
float2 __oclc_hy_expk(float r, float rl)
{
    float q = 0.0001985787966987118f;
    q = mad(q, r, 0.0013933862792328f);
    q = mad(q, r, 0.008333360776305199f);
    q = mad(q, r, 0.041666463017463684f);
    q = mad(q, r, 0.1666666716337204f);
    q = mad(q, r, 0.5f);
    float t = (r * r) * q + (rl + rl * r);
    float2 one = __oclc_hy_fast_two_sum(1.0f, r);
    return __oclc_hy_fast_two_sum(one.x, one.y + t);
}

/// rint(a / ln 2), the exponent of e^a's reduction.
float __oclc_hy_exp_n(float a)
{
    return rint(a * 1.4426950216293335f);
}

/// e^a for |a| <= 89.5 as (h, l) and n with e^a = 2^n (h + l), h + l in [0.7, 1.42].
float2 __oclc_hy_exp_parts(float a, float al, float n)
{
    float2 r = __oclc_hy_exp_reduce(a, al, n);
    return __oclc_hy_expk(r.x, r.y);
}

/// log(2^k (1 + f)) for 1 + f in [sqrt(1/2), sqrt(2)] (f exact), within about one ulp
/// (k ln2_hi is exact for |k| < 128; beyond, its rounding stays below half an ulp): log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2)) with s = f / (2 + f), where the
/// (seed-precision) quotient only enters the small last term.
float __oclc_hy_logk(float f, float k)
{
    float s = f / (2.0f + f);
    float z = s * s;
    float R = z * (0.6666666865348816f
                   + z * (0.4000000059604645f + z * (0.2857142984867096f + z * 0.2222222238779068f)));
    float hfsq = 0.5f * f * f;
    return k * 0.6931381225585938f
           - ((hfsq - (s * (hfsq + R) + k * 9.058001523953862e-06f)) - f);
}

/// log(m) for a positive finite float m (normal, or a denormal the device keeps): the
/// exponent k and 1 + f in [sqrt(1/2), sqrt(2)] from the bits, then `__oclc_hy_logk`.
float __oclc_hy_log(float m, float extra_k)
{
    uint b = as_uint(m);
    float k = (float)((int)(b >> 23) - 127);
    if ((b >> 23) == 0u) {
        b = as_uint(m * 0x1p25f);
        k = (float)((int)(b >> 23) - 152);
    }
    float mm = as_float((b & 0x7fffffu) | 0x3f800000u);
    if (mm > 1.41421353816986083984375f) {
        mm = mm * 0.5f;
        k = k + 1.0f;
    }
    return __oclc_hy_logk(mm - 1.0f, k + extra_k);
}

/// log(1 + u) for finite u > -1 within about one ulp: the rounding error of 1 + u is
/// added back as c / (1 + u).
float __oclc_hy_log1p(float u)
{
    if (fabs(u) < 0x1p-24f)
        return u;
    if (u > -0.29289321f && u < 0.41421356f)
        return __oclc_hy_logk(u, 0.0f);
    float m = 1.0f + u;
    float c = 0.0f;
    if (u < 0x1p24f)
        c = (u > 0.0f ? 1.0f - (m - u) : u - (m - 1.0f)) / m;
    return __oclc_hy_log(m, 0.0f) + c;
}

// ---------------------------------------------------------------- the built-ins

/// sinh: an odd Taylor polynomial below 1; above, (e^a - e^-a) / 2 from e^a's float-float
/// parts, scaled by 2^(n-1) at the end so that results up to FLT_MAX do not overflow early.
float __oclc_sinh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return x;
    float a = fabs(x);
    if (a > 89.5f)
        return __oclc_copysign_f32(INFINITY, x);
    float v;
    if (a < 1.0f) {
        // Taylor series to x^13 (relative truncation error below 2^-32).
        float z = a * a;
        float p = 1.6059043836821613e-10f;
        p = mad(p, z, 2.505210838544172e-08f);
        p = mad(p, z, 2.7557319223985893e-06f);
        p = mad(p, z, 0.0001984126984126984f);
        p = mad(p, z, 0.008333333333333333f);
        p = mad(p, z, 0.16666666666666666f);
        v = a + a * z * p;
    } else {
        float n = __oclc_hy_exp_n(a);
        float2 e = __oclc_hy_exp_parts(a, 0.0f, n);
        int ni = (int)n;
        // e^-a / 2 relative to 2^(n-1): 2^-2n / (h + l), negligible beyond n = 20.
        float inv = ni > 20 ? 0.0f : __oclc_hy_div(__oclc_hy_pow2(-2 * ni), e.x);
        float2 d = __oclc_hy_two_sum(e.x, -inv);
        v = __oclc_hy_scale(d.x + (d.y + e.y), ni - 1);
    }
    return __oclc_copysign_f32(v, x);
}

/// cosh: (e^a + e^-a) / 2 as for sinh (no cancellation anywhere).
float __oclc_cosh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    float a = fabs(x);
    if (a > 89.5f)
        return INFINITY;
    float n = __oclc_hy_exp_n(a);
    float2 e = __oclc_hy_exp_parts(a, 0.0f, n);
    int ni = (int)n;
    float inv = ni > 20 ? 0.0f : __oclc_hy_div(__oclc_hy_pow2(-2 * ni), e.x);
    float2 s = __oclc_hy_fast_two_sum(e.x, inv);
    return __oclc_hy_scale(s.x + (s.y + e.y), ni - 1);
}

/// tanh: an odd minimax polynomial below 0.55; above, 1 - 2 / (e^2a + 1) (the quotient is
/// at most 1/2 of a result near 1, so its error shrinks); 1 from 9.1 on.
float __oclc_tanh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    float a = fabs(x);
    float v;
    if (a < 0.55f) {
        float z = a * a;
        float p = 0.0024954357650130987f;
        p = mad(p, z, -0.00850481353700161f);
        p = mad(p, z, 0.021813273429870605f);
        p = mad(p, z, -0.05396420136094093f);
        p = mad(p, z, 0.133333221077919f);
        p = mad(p, z, -0.3333333432674408f);
        v = a + a * z * p;
    } else if (a < 9.1f) {
        float a2 = 2.0f * a;
        float n = __oclc_hy_exp_n(a2);
        float2 e = __oclc_hy_exp_parts(a2, 0.0f, n);
        float big = __oclc_hy_scale(e.x + e.y, (int)n);
        v = 1.0f - 2.0f / (big + 1.0f);
    } else {
        v = 1.0f;
    }
    return __oclc_copysign_f32(v, x);
}

/// asinh: log1p(a + a^2 / (1 + sqrt(1 + a^2))) (no cancellation near 0; the square and
/// 1 + a^2 exact as float-floats), log(2a) from 2^12 on.
float __oclc_asinh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    float a = fabs(x);
    float v;
    if (a < 0x1p-12f) {
        v = a; // a^3 / 6 is below half an ulp
    } else if (a > 4096.0f) {
        v = __oclc_hy_log(a, 1.0f);
    } else {
        float2 z = __oclc_hy_two_prod(a, a);
        float2 w = __oclc_hy_two_sum(1.0f, z.x);
        float root = __oclc_hy_sqrt2(w.x, w.y + z.y);
        v = __oclc_hy_log1p(a + __oclc_hy_div(z.x, 1.0f + root));
    }
    return __oclc_copysign_f32(v, x);
}

/// acosh: log1p(t + sqrt(x^2 - 1)) with t = x - 1 (x^2 - 1 exact as a float-float), log(2x)
/// from 2^12 on.
float __oclc_acosh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 1.0f)
        return 0.0f;
    if (!(x >= 1.0f))
        return __oclc_qnan_f32();
    if (x == INFINITY)
        return x;
    if (x > 4096.0f)
        return __oclc_hy_log(x, 1.0f);
    float2 p = __oclc_hy_two_prod(x, x);
    float2 w = __oclc_hy_two_sum(p.x, -1.0f);
    float root = __oclc_hy_sqrt2(w.x, w.y + p.y);
    return __oclc_hy_log1p((x - 1.0f) + root);
}

/// atanh: log1p(2a / (1 - a)) / 2 with a refined quotient.
float __oclc_atanh_f32(float x)
{
    x = __oclc_canon_f32(x);
    float a = fabs(x);
    if (a == 1.0f)
        return __oclc_copysign_f32(INFINITY, x);
    if (!(a < 1.0f))
        return __oclc_qnan_f32();
    if (a < 0x1p-12f)
        return x; // a^3 / 3 is below half an ulp
    float v = 0.5f * __oclc_hy_log1p(__oclc_hy_div(2.0f * a, 1.0f - a));
    return __oclc_copysign_f32(v, x);
}
