// Special functions of oclc's built-in library, in single precision only (no double). erf
// and erfc: minimax polynomials fitted here, e^(-x^2) through float_hyper.cl's float-float
// e^x core with x^2 exact (float_ff.cl's Dekker product); tgamma and lgamma rest on
// 1/Gamma(1 + u) = 1 + u (u - 1) S(u) on [0, 1] (S a minimax polynomial; the factor
// u (u - 1) keeps lgamma's zeros at 1 and 2 relatively accurate), the recurrence with
// exact factors multiplied as float-floats, Stirling's series and the reflection formula.

/// erf(a) / a for 0 <= a <= 1, as a minimax polynomial in a^2.
float __oclc_sp_erf_small(float a)
{
    float z = a * a;
    float p = 7.853846909711137e-05f;
    p = mad(p, z, -0.0008010189048945904f);
    p = mad(p, z, 0.00518832728266716f);
    p = mad(p, z, -0.026853810995817184f);
    p = mad(p, z, 0.1128358542919159f);
    p = mad(p, z, -0.3761262595653534f);
    p = mad(p, z, 1.1283791065216064f);
    return p;
}

/// H(a) = e^(a^2) erfc(a) for 0.5 <= a < 10.1: a minimax polynomial in a - 1.25 below 2,
/// (1/a) G(1/a) above (G a minimax polynomial in 1/a), with 1/a refined to half an ulp
/// where `refined_recip`, else the device's division (2.5 ulp on Vulkan).
float __oclc_sp_erfc_h(float a, int refined_recip)
{
    float h;
    if (a < 2.0f) {
        float u = a - 1.25f;
        float p = 6.163213402032852e-05f;
        p = mad(p, u, -0.00019225297728553414f);
        p = mad(p, u, 0.00047085032565519214f);
        p = mad(p, u, -0.0013089458225294948f);
        p = mad(p, u, 0.003553374670445919f);
        p = mad(p, u, -0.00908578559756279f);
        p = mad(p, u, 0.022011440247297287f);
        p = mad(p, u, -0.05021785944700241f);
        p = mad(p, u, 0.10679556429386139f);
        p = mad(p, u, -0.20882189273834229f);
        p = mad(p, u, 0.36782291531562805f);
        h = p;
    } else {
        float t = refined_recip ? __oclc_ff_quot(1.0f, a) : 1.0f / a;
        float p = -0.9551605582237244f;
        p = mad(p, t, 3.740802526473999f);
        p = mad(p, t, -6.4260969161987305f);
        p = mad(p, t, 6.130992412567139f);
        p = mad(p, t, -3.1991260051727295f);
        p = mad(p, t, 0.49569427967071533f);
        p = mad(p, t, 0.3444066643714905f);
        p = mad(p, t, 0.008510087616741657f);
        p = mad(p, t, -0.2826932370662689f);
        p = mad(p, t, 2.4662705982336774e-05f);
        p = mad(p, t, 0.5641891360282898f);
        h = t * p;
    }
    return h;
}

/// erfc(a) for 0.5 <= a < 10.1: e^(-a^2) H(a) (`__oclc_sp_erfc_h`).
/// e^(-a^2) comes from the exact square, scaled once at the end (denormal results round
/// once).
float __oclc_sp_erfc_big(float a)
{
    float h = __oclc_sp_erfc_h(a, 1);
    float2 q = __oclc_ff_two_prod(a, a);
    float n = __oclc_hy_exp_n(-q.x);
    float2 e = __oclc_hy_exp_parts(-q.x, -q.y, n);
    return __oclc_ff_scale((e.x + e.y) * h, (int)n);
}

/// erf: x P(x^2) below 1; 1 - erfc(|x|) with the sign of x up to 3.92; +-1 above
/// (erfc < 2^-25). Between 1 and 3.92 OpenCL's 16 ulp leave room for a plain
/// erfc = e^(-a^2) H(a): the device's exp instruction (Vulkan documents 3 + 2|x| ulp, at
/// most (3 + 2 a^2) 2^-23 relative), a^2 rounded once (a^2 2^-24 relative in the
/// exponent), H within 2^-21 with the device's 1/a. erfc(a) (3 + 2 a^2) is largest at
/// a = 1 (0.79), so the absolute error is below 0.79 * 2^-23 + 0.16 * 2^-21 < 2.3 * 2^-24,
/// 2.3 ulp of erf (>= 0.84 here), plus half an ulp for the subtraction: within 3 ulp on
/// any conforming driver (the exact e^(-a^2) of `__oclc_sp_erfc_big` serves erfc, whose
/// relative limit needs it).
float __oclc_erf_f32(float x)
{
    float a = fabs(x);
    if (a < 1.0f)
        return x * __oclc_sp_erf_small(a);
    float v = 1.0f; // erfc(a) < 2^-25 at and above 3.92
    if (a < 3.92f)
        v = 1.0f - native_exp(-(a * a)) * __oclc_sp_erfc_h(a, 0);
    else if ((as_uint(x) & 0x7fffffffu) > 0x7f800000u)
        return x; // NaN, tested on the bits: NVIDIA's Vulkan compiler took a != a here as
                  // false once a < 3.92 had failed (erf(NaN) came out 1 on an H100)
    return __oclc_copysign_f32(v, x);
}

float __oclc_erfc_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    float a = fabs(x);
    if (a < 0.5f)
        return 1.0f - x * __oclc_sp_erf_small(a);
    if (x >= 10.1f)
        return 0.0f; // below half the smallest denormal
    if (x > 0.0f)
        return __oclc_sp_erfc_big(a);
    if (x > -4.0f)
        return 2.0f - __oclc_sp_erfc_big(a);
    return 2.0f; // 2 - erfc(-x) rounds to 2
}

/// (1/Gamma(1 + u) - 1) for 0 <= u <= 1, as u (u - 1) S(u): exact at u = 0 and u = 1.
float __oclc_sp_rgamma1m(float u)
{
    float p = 2.6789650291902944e-05f;
    p = mad(p, u, 3.392529833945446e-05f);
    p = mad(p, u, -0.0014106037560850382f);
    p = mad(p, u, 0.006025593727827072f);
    p = mad(p, u, -0.0037030219100415707f);
    p = mad(p, u, -0.04586830735206604f);
    p = mad(p, u, 0.12066452950239182f);
    p = mad(p, u, 0.07866242527961731f);
    p = mad(p, u, -0.5772156715393066f);
    return (u * (u - 1.0f)) * p;
}

/// acc * f for a float-float acc (|f| and |acc| far from the float range's ends).
float2 __oclc_sp_mul(float2 acc, float f)
{
    float2 p = __oclc_ff_two_prod(acc.x, f);
    return __oclc_ff_fast_two_sum(p.x, p.y + acc.y * f);
}

/// The exponent that takes the float-float acc's high part into [1, 2).
int __oclc_sp_exponent(float2 acc)
{
    return (int)((as_uint(acc.x) >> 23) & 0xffu) - 127;
}

/// Gamma(x) = q 2^e as (q, e), for 2^-30 <= |x|, -45 <= x <= 35.1 and x not a non-positive
/// integer: the recurrence down (x >= 1) or up (x < 1) to Gamma(1 + u), u in [0, 1), with
/// every factor exact (x + j is a float) and their product kept as a float-float whose
/// exponent is carried apart, so that the product neither rounds much nor overflows; the
/// poles' factors are exact, which keeps the relative error small next to them. The product
/// is renormalized every 16 factors (|factor| <= 45: it stays below Dekker's 2^115).
float2 __oclc_sp_gamma_parts(float x)
{
    float2 acc = (float2)(1.0f, 0.0f);
    int ex = 0;
    float u = x - floor(x);
    if (x >= 1.0f) {
        // Gamma(x) = (u + 1) (u + 2) ... (u + k) Gamma(1 + u), k = floor(x) - 1.
        int j = 0;
        for (float f = u + 1.0f; f < x; f = f + 1.0f) {
            acc = __oclc_sp_mul(acc, f);
            j++;
            if ((j & 15) == 0 || f + 1.0f >= x) {
                int e = __oclc_sp_exponent(acc);
                acc = acc * __oclc_ff_pow2i(-e);
                ex += e;
            }
        }
        return (float2)(__oclc_ff_quot(acc.x, 1.0f + __oclc_sp_rgamma1m(u)), (float)ex);
    }
    // Gamma(x) = Gamma(1 + u) / (x (x + 1) ... (x + m)), u = x + m.
    int j = 0;
    for (float f = x; f < 1.0f; f = f + 1.0f) {
        acc = __oclc_sp_mul(acc, f);
        j++;
        if ((j & 15) == 0 || f + 1.0f >= 1.0f) {
            int e = __oclc_sp_exponent(acc);
            acc = acc * __oclc_ff_pow2i(-e);
            ex += e;
        }
    }
    float d = acc.x * (1.0f + __oclc_sp_rgamma1m(u));
    return (float2)(__oclc_ff_quot(1.0f, d), (float)-ex);
}

float __oclc_tgamma_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f)
        return __oclc_copysign_f32(INFINITY, x);
    if (x != x || x == -INFINITY || (x < 0.0f && floor(x) == x))
        return __oclc_qnan_f32();
    if (x > 35.1f)
        return INFINITY;
    if (x < -45.0f) {
        // |Gamma(x)| < 2^-180: a zero of the sign of Gamma on (floor(x), floor(x) + 1),
        // made on the bits (a driver may pick either zero for a float select).
        return as_float(((uint)(int)floor(x) & 1u) << 31);
    }
    if (fabs(x) < 0x1p-30f) {
        // Gamma(x) = 1/x - euler + O(x): 1/x, scaled so that the division is in range.
        return __oclc_ff_scale(__oclc_ff_quot(1.0f, x * 0x1p64f), 64);
    }
    float2 g = __oclc_sp_gamma_parts(x);
    return __oclc_ff_scale(g.x, (int)g.y);
}

/// |sin(pi x)| for a finite non-integer x with |x| < 2^23 (the reduction x - rint(x) is
/// exact).
float __oclc_sp_abs_sinpi(float x)
{
    float r = fabs(x - rint(x));
    float z = r * r;
    float p = 0.07756038010120392f;
    p = mad(p, z, -0.5982421040534973f);
    p = mad(p, z, 2.550069808959961f);
    p = mad(p, z, -5.167709827423096f);
    p = mad(p, z, 3.1415927410125732f);
    return r * p;
}

/// lgamma for x > 0 (finite): the exact u = x - floor(x) and Gamma(1 + u) below 8 (with
/// log(x - 1) exact near 2 and the recurrence's product as a float-float), Stirling's
/// series above.
float __oclc_sp_lgamma_pos(float x)
{
    if (x >= 8.0f) {
        float r = x < 0x1p40f ? __oclc_ff_quot(1.0f, x) : 0.0f;
        float z = r * r;
        float c = r * (0.0833333358168602f - z * (0.002777777845039964f - z * 0.0007936508f));
        float l = __oclc_hy_log(x, 0.0f);
        return (x - 0.5f) * (l - 1.0f) + (0.41893853320467274f + c);
    }
    if (x < 1.0f)
        return -__oclc_hy_log1p(__oclc_sp_rgamma1m(x)) - __oclc_hy_log(x, 0.0f);
    float fl = floor(x);
    float u = x - fl;
    float lg1 = -__oclc_hy_log1p(__oclc_sp_rgamma1m(u));
    if (x < 2.0f)
        return lg1;
    if (x < 3.0f)
        return __oclc_hy_log1p(u) + lg1;
    float2 acc = (float2)(1.0f, 0.0f);
    for (float f = u + 1.0f; f < x; f = f + 1.0f)
        acc = __oclc_sp_mul(acc, f);
    return (__oclc_hy_log(acc.x, 0.0f) + __oclc_ff_quot(acc.y, acc.x)) + lg1;
}

float __oclc_lgamma_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (__oclc_nonfinite_f32(x) || (x <= 0.0f && floor(x) == x))
        return INFINITY;
    if (x == 1.0f || x == 2.0f)
        return 0.0f;
    if (x > 0.0f)
        return __oclc_sp_lgamma_pos(x);
    float a = -x;
    if (a < 0x1p-30f)
        return -__oclc_hy_log(a, 0.0f); // lgamma(x) = -log|x| - euler x + O(x^2)
    if (a <= 45.0f) {
        // log|Gamma(x)| from Gamma's float-float recurrence: no cancellation next to the
        // poles but that of the result itself.
        float2 g = __oclc_sp_gamma_parts(x);
        return __oclc_hy_log(fabs(g.x), g.y);
    }
    // Reflection: lgamma(x) = log(pi / |sin(pi x)|) - log(-x) - lgamma(-x).
    float l = __oclc_hy_log(__oclc_sp_abs_sinpi(x), 0.0f) + __oclc_hy_log(a, 0.0f);
    return (1.1447298858494002f - l) - __oclc_sp_lgamma_pos(a);
}
