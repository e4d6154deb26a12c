// Hyperbolic functions and their inverses of oclc's built-in library, in single precision
// only (no double anywhere, so that Vulkan modules need no Float64 capability), on the
// float-float toolkit of float_ff.cl. The first section holds e^x and log cores
// (`__oclc_hy_*`) that float_special.cl builds on too. They are not float.cl's: this e^x
// returns a float-float (sinh, cosh and erfc need more than one float), and this log (an
// atanh series in s = f / (2 + f)) takes fewer operations than float.cl's compensated one,
// which asinh, acosh and atanh would pay about 10% more SPIR-V instructions for.
// Every step uses operations whose Vulkan precision is known: add, sub and mul
// (correctly rounded; the library's float arithmetic is decorated NoContraction on Vulkan
// so the error-free transformations survive), integer and bit operations, conversions,
// and division / native_rsqrt only as seeds that a Newton step on an exact residual
// refines.

// ---------------------------------------------------------------- e^x and log(1+x) cores

/// The reduced argument of e^(a + al): (r, rl) with a + al = n ln 2 + r + rl, |r| <= 0.35
/// (Cody-Waite: n ln2_hi has 24 bits and a - n ln2_hi is exact; the rest joins by TwoSum).
/// n = rint(a / ln 2) with |n| <= 256; al is a small tail (|al| <= ulp(a)).
float2 __oclc_hy_exp_reduce(float a, float al, float n)
{
    float r = a - n * 0.693145751953125f;
    float2 s = __oclc_ff_two_sum(r, -(n * 1.428606765330187e-06f));
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
    float2 one = __oclc_ff_fast_two_sum(1.0f, r);
    return __oclc_ff_fast_two_sum(one.x, one.y + t);
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
        float inv = ni > 20 ? 0.0f : __oclc_ff_quot(__oclc_ff_pow2i(-2 * ni), e.x);
        float2 d = __oclc_ff_two_sum(e.x, -inv);
        v = __oclc_ff_scale(d.x + (d.y + e.y), ni - 1);
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
    float inv = ni > 20 ? 0.0f : __oclc_ff_quot(__oclc_ff_pow2i(-2 * ni), e.x);
    float2 s = __oclc_ff_fast_two_sum(e.x, inv);
    return __oclc_ff_scale(s.x + (s.y + e.y), ni - 1);
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
        float big = __oclc_ff_scale(e.x + e.y, (int)n);
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
        float2 z = __oclc_ff_two_prod(a, a);
        float2 w = __oclc_ff_two_sum(1.0f, z.x);
        float root = __oclc_ff_sqrt(w.x, w.y + z.y);
        v = __oclc_hy_log1p(a + __oclc_ff_quot(z.x, 1.0f + root));
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
    float2 p = __oclc_ff_two_prod(x, x);
    float2 w = __oclc_ff_two_sum(p.x, -1.0f);
    float root = __oclc_ff_sqrt(w.x, w.y + p.y);
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
    float v = 0.5f * __oclc_hy_log1p(__oclc_ff_quot(2.0f * a, 1.0f - a));
    return __oclc_copysign_f32(v, x);
}
