// Special functions of oclc's built-in library. erf and erfc are in single precision only
// (minimax polynomials fitted here, e^(-x^2) through float_hyper.cl's float-float e^x core
// with x^2 exact); tgamma and lgamma are still evaluated in double.

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

/// erfc(a) for 0.5 <= a < 10.1: e^(-a^2) H(a), where H(a) = e^(a^2) erfc(a) is a minimax
/// polynomial in a - 1.25 below 2 and (1/a) G(1/a) above (G a minimax polynomial in 1/a).
/// e^(-a^2) comes from the exact square, scaled once at the end (denormal results round
/// once).
float __oclc_sp_erfc_big(float a)
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
        float t = __oclc_hy_div(1.0f, a);
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
    float2 q = __oclc_hy_two_prod(a, a);
    float n = __oclc_hy_exp_n(-q.x);
    float2 e = __oclc_hy_exp_parts(-q.x, -q.y, n);
    return __oclc_hy_scale((e.x + e.y) * h, (int)n);
}

float __oclc_erf_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    float a = fabs(x);
    float v;
    if (a < 1.0f)
        return x * __oclc_sp_erf_small(a);
    if (a < 3.92f)
        v = 1.0f - __oclc_sp_erfc_big(a);
    else
        v = 1.0f; // erfc(a) < 2^-25
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

/// Gamma(x) for 0.5 <= x <= 60 (Lanczos, g = 7, 9 terms; relative error near 1e-15).
double __oclc_d_gamma_lanczos(double x)
{
    x = x - 1.0;
    double a = 0.99999999999980993;
    a = a + __oclc_d_div(676.5203681218851, x + 1.0);
    a = a + __oclc_d_div(-1259.1392167224028, x + 2.0);
    a = a + __oclc_d_div(771.32342877765313, x + 3.0);
    a = a + __oclc_d_div(-176.61502916214059, x + 4.0);
    a = a + __oclc_d_div(12.507343278686905, x + 5.0);
    a = a + __oclc_d_div(-0.13857109526572012, x + 6.0);
    a = a + __oclc_d_div(9.9843695780195716e-6, x + 7.0);
    a = a + __oclc_d_div(1.5056327351493116e-7, x + 8.0);
    double t = x + 7.5;
    // sqrt(2 pi) t^(x + 1/2) e^(-t) a
    double p = __oclc_d_exp2((x + 0.5) * __oclc_d_log2(t) - t * 1.4426950408889634);
    return 2.5066282746310002 * p * a;
}

/// sin(pi * x) in double for a finite float x with |x| < 2^23.
double __oclc_d_sinpi(float x)
{
    double2 rq = __oclc_d_reduce_pi(fabs(x));
    double v = __oclc_d_sin_quadrant(rq.x, (int)rq.y);
    return x < 0.0f ? -v : v;
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
    double d = __oclc_f2d(x);
    if (d >= 0.5)
        return (float)__oclc_d_gamma_lanczos(d);
    if (d < -50.0) {
        // |Gamma(x)| < 2^-200: a zero of the sign of Gamma on (floor(x), floor(x) + 1).
        float odd = __oclc_fmod_f32(floor(x), 2.0f);
        return as_float((as_uint(odd) & 0x7fffffffu) ? 0x80000000u : 0u);
    }
    // Reflection: Gamma(x) = pi / (sin(pi x) Gamma(1 - x)).
    double s = __oclc_d_sinpi(x) * __oclc_d_gamma_lanczos(1.0 - d);
    return (float)__oclc_d_div(3.141592653589793, s);
}

/// log(Gamma(x)) for x >= 30 (Stirling series).
double __oclc_d_lgamma_stirling(double x)
{
    double r = __oclc_d_recip(x);
    double z = r * r;
    double c = r * (0.08333333333333333 - z * (0.002777777777777778 - z * 0.0007936507936507937));
    return (x - 0.5) * __oclc_d_log(x) - x + 0.9189385332046728 + c;
}

float __oclc_lgamma_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    if (__oclc_nonfinite_f32(x) || (x <= 0.0f && floor(x) == x))
        return INFINITY;
    double d = __oclc_f2d(x);
    double a = fabs(d);
    if (x == 1.0f || x == 2.0f)
        return 0.0f;
    if (d >= 30.0)
        return (float)__oclc_d_lgamma_stirling(d);
    if (d >= 0.5)
        return (float)__oclc_d_log(__oclc_d_gamma_lanczos(d));
    if (a < 30.0) {
        double s = fabs(__oclc_d_sinpi(x) * __oclc_d_gamma_lanczos(1.0 - d));
        return (float)(1.1447298858494002 - __oclc_d_log(s));
    }
    // x <= -30: log(pi / |sin(pi x) x|) - lgamma(-x).
    double s = fabs(__oclc_d_sinpi(x) * d);
    return (float)(1.1447298858494002 - __oclc_d_log(s) - __oclc_d_lgamma_stirling(-d));
}
