// oclc's shared built-in library: double-precision math with OpenCL 1.2 full-profile
// precision, for targets whose native f64 math is less precise (Vulkan: its precision
// table promises f64 instructions only single precision's accuracy, and GLSL.std.450 has
// no f64 sin/exp/log/pow at all).
//
// Technique: no wider type exists, so the functions work in double-double arithmetic
// (a value as an unevaluated sum hi + lo) built from error-free transformations that use
// only add, sub and mul (correctly rounded in Vulkan): TwoSum, and Dekker's product with a
// split done on the bits (rounded at the 26th bit), not by Veltkamp's multiplication, so
// that a driver fusing a multiply and an add (allowed without NoContraction) cannot break
// it: every product in it is exact, and fusing an exact product changes nothing. No
// `fma` (Vulkan may compute it unfused) and no f64 division or sqrt (single-precision
// accuracy only) are used: division and square root are computed here and rounded
// correctly with integer remainder checks.
//
// Helpers are named `__oclc_x_*`; the built-in `F` on double is `__oclc_F_f64`.
// Coefficients are Taylor coefficients 1/n! and 1/(2k+1) (no minimax fits), constants
// such as ln 2 and pi/2 are split into a double-double (hi, lo), derived with mpmath.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define __OCLC_DINF as_double(0x7ff0000000000000UL)
#define __OCLC_DNAN as_double(0x7ff8000000000000UL)
#define __OCLC_LN2H 0.6931471805599453
#define __OCLC_LN2L 2.3190468138462996e-17
#define __OCLC_PIO2H 1.5707963267948966
#define __OCLC_PIO2L 6.123233995736766e-17
#define __OCLC_PIH 3.141592653589793
#define __OCLC_PIL 1.2246467991473532e-16

// ---------------------------------------------------------------- bits

/// True where x is an infinity or a NaN.
int __oclc_x_nonfinite(double x)
{
    return (as_ulong(x) & 0x7ff0000000000000UL) == 0x7ff0000000000000UL;
}

/// x with the sign bit of s.
double __oclc_x_copysign(double x, double s)
{
    return as_double((as_ulong(x) & 0x7fffffffffffffffUL) | (as_ulong(s) & 0x8000000000000000UL));
}

/// x * 2^n with at most one rounding (only where the result is subnormal), for any
/// double x and int n; overflow gives a signed infinity.
double __oclc_x_scale(double x, int n)
{
    ulong b = as_ulong(x);
    ulong sign = b & 0x8000000000000000UL;
    ulong a = b & 0x7fffffffffffffffUL;
    if (a == 0UL || a >= 0x7ff0000000000000UL)
        return x;
    int e = (int)(a >> 52);
    ulong frac = a & 0xfffffffffffffUL;
    if (e == 0) {
        // Subnormal: normalize the integer significand by its own conversion.
        double m = (double)frac;
        e = (int)(as_ulong(m) >> 52) - 1074;
        frac = as_ulong(m) & 0xfffffffffffffUL;
    }
    n = max(min(n, 4000), -4000);
    int t = e + n; // biased exponent of the result, if normal
    if (t >= 2047)
        return as_double(sign | 0x7ff0000000000000UL);
    if (t >= 1)
        return as_double(sign | ((ulong)t << 52) | frac);
    if (t < -60)
        return as_double(sign);
    // Subnormal result: m in [1, 2) scaled to exponent t - 1023 + 1000 (normal), then one
    // rounding multiply by 2^-1000.
    double m = as_double(((ulong)(t + 1000) << 52) | frac);
    return __oclc_x_copysign(m * 9.332636185032189e-302, x);
}

// ---------------------------------------------------------------- error-free transforms

/// a + b = s + e exactly (TwoSum).
double2 __oclc_x_add12(double a, double b)
{
    double s = a + b;
    double bb = s - a;
    return (double2)(s, (a - (s - bb)) + (b - bb));
}

/// a + b = s + e exactly for |a| >= |b| or a == 0 (Fast2Sum).
double2 __oclc_x_fast12(double a, double b)
{
    double s = a + b;
    return (double2)(s, b - (s - a));
}

/// a = hi + lo with both halves fitting 26 bits (hi rounded at the 26th bit, lo signed);
/// bit operations instead of Veltkamp's product, so contraction cannot disturb it.
double2 __oclc_x_split(double a)
{
    double h = as_double((as_ulong(a) + 0x4000000UL) & 0xfffffffff8000000UL);
    return (double2)(h, a - h);
}

/// a * b = p + e exactly (Dekker), barring overflow and underflow.
double2 __oclc_x_mul12(double a, double b)
{
    double p = a * b;
    double2 x = __oclc_x_split(a);
    double2 y = __oclc_x_split(b);
    double e = ((x.x * y.x - p) + x.x * y.y + x.y * y.x) + x.y * y.y;
    return (double2)(p, e);
}

/// Double-double sum, renormalized.
double2 __oclc_x_dd_add(double2 a, double2 b)
{
    double2 s = __oclc_x_add12(a.x, b.x);
    return __oclc_x_fast12(s.x, s.y + (a.y + b.y));
}

/// Double-double product, renormalized.
double2 __oclc_x_dd_mul(double2 a, double2 b)
{
    double2 p = __oclc_x_mul12(a.x, b.x);
    return __oclc_x_fast12(p.x, p.y + (a.x * b.y + a.y * b.x));
}

/// Double-double times double.
double2 __oclc_x_dd_mul_d(double2 a, double b)
{
    double2 p = __oclc_x_mul12(a.x, b);
    return __oclc_x_fast12(p.x, p.y + a.y * b);
}

// ---------------------------------------------------------------- division and roots

/// 1/b within about 1 ulp for a normal b with 2^-1021 < |b| < 2^1021: a float seed of the
/// mantissa refined by two Newton steps whose residuals are exact.
double __oclc_x_recip(double b)
{
    ulong bits = as_ulong(b);
    int e = (int)((bits >> 52) & 0x7ffUL) - 1023;
    double m = as_double((bits & 0x800fffffffffffffUL) | 0x3ff0000000000000UL);
    double y = (double)(1.0f / (float)m);
    double2 p = __oclc_x_mul12(m, y);
    y = y + y * ((1.0 - p.x) - p.y);
    p = __oclc_x_mul12(m, y);
    y = y + y * ((1.0 - p.x) - p.y);
    return y * as_double((ulong)(1023 - e) << 52);
}

/// (a.x + a.y) / (b.x + b.y) as a double-double, for moderate magnitudes.
double2 __oclc_x_dd_div(double2 a, double2 b)
{
    double y = __oclc_x_recip(b.x);
    double q = a.x * y;
    double2 p = __oclc_x_mul12(q, b.x);
    double r = (((a.x - p.x) - p.y) + a.y) - q * b.y;
    return __oclc_x_fast12(q, r * y);
}

/// Splits a finite nonzero |x| into an integer significand in [2^52, 2^53) and the
/// exponent e with |x| = m * 2^(e - 52), subnormals included, with integer operations.
long2 __oclc_x_unpack(double x)
{
    ulong a = as_ulong(x) & 0x7fffffffffffffffUL;
    int e = (int)(a >> 52);
    ulong m = a & 0xfffffffffffffUL;
    if (e == 0) {
        double d = (double)m;
        int k = (int)(as_ulong(d) >> 52) - 1023; // m in [2^k, 2^(k+1))
        m = m << (52 - k);
        return (long2)((long)m, (long)(k - 1074));
    }
    return (long2)((long)(m | 0x10000000000000UL), (long)(e - 1023));
}

/// Correctly rounded a / b (the OpenCL `/` on doubles and the library's `divide`).
double __oclc_fdiv_f64(double a, double b)
{
    ulong sign = (as_ulong(a) ^ as_ulong(b)) & 0x8000000000000000UL;
    if (a != a || b != b)
        return a + b;
    double aa = fabs(a), ab = fabs(b);
    if (aa == __OCLC_DINF)
        return ab == __OCLC_DINF ? __OCLC_DNAN : as_double(sign | 0x7ff0000000000000UL);
    if (ab == __OCLC_DINF)
        return as_double(sign);
    if (ab == 0.0)
        return aa == 0.0 ? __OCLC_DNAN : as_double(sign | 0x7ff0000000000000UL);
    if (aa == 0.0)
        return as_double(sign);
    long2 ua = __oclc_x_unpack(a), ub = __oclc_x_unpack(b);
    ulong A = (ulong)ua.x, B = (ulong)ub.x;
    // Significands in [1, 2): the quotient lies in (1/2, 2).
    double ma = (double)A * 2.220446049250313e-16;
    double mb = (double)B * 2.220446049250313e-16;
    double y = __oclc_x_recip(mb);
    double q = ma * y;
    double2 p = __oclc_x_mul12(q, mb);
    q = q + ((ma - p.x) - p.y) * y;
    // Q: the quotient in units of 2^-53, on the grid of doubles (even above 2^53).
    ulong Q = (ulong)rint(q * 9007199254740992.0);
    if (Q >= 0x20000000000000UL)
        Q &= ~1UL;
    long R = 0L;
    for (int i = 0; i < 4; i++) {
        // R = (A / B - Q) * B in units of 2^-53: exact modulo 2^64, and small.
        R = (long)((A << 53) - Q * B);
        long gu = Q >= 0x20000000000000UL ? 2L : 1L;
        long gd = Q > 0x20000000000000UL ? 2L : 1L;
        if (2L * R > gu * (long)B)
            Q += (ulong)gu;
        else if (2L * R < -gd * (long)B)
            Q -= (ulong)gd;
        else
            break;
    }
    R = (long)((A << 53) - Q * B);
    int e = (int)(ua.y - ub.y); // result = Q * 2^(e - 53)
    // Normal result: exact scaling (or overflow).
    if (e + 1022 > 0 || (e + 1022 == 0 && Q >= 0x20000000000000UL)) {
        double r = (double)Q * 1.1102230246251565e-16;
        return __oclc_x_copysign(__oclc_x_scale(r, e), as_double(sign));
    }
    // Subnormal result: round the truncated quotient once, with the remainder as sticky.
    ulong T = R < 0L ? Q - 1UL : Q;
    int sticky = R != 0L;
    int s = -1021 - e; // value = T * 2^(e - 53) = (T >> s) * 2^-1074
    if (s >= 64)
        return as_double(sign);
    ulong res = T >> s;
    ulong rem = T & ((1UL << s) - 1UL);
    ulong hf = 1UL << (s - 1);
    if (rem > hf || (rem == hf && (sticky || (res & 1UL))))
        res += 1UL;
    return as_double(sign | res);
}

/// Correctly rounded square root.
double __oclc_sqrt_f64(double x)
{
    if (x == 0.0 || x == __OCLC_DINF || x != x)
        return x;
    if (x < 0.0)
        return __OCLC_DNAN;
    long2 u = __oclc_x_unpack(x);
    ulong M = (ulong)u.x; // x = M * 2^(e - 52)
    int e = (int)u.y;
    if (e & 1) {
        M <<= 1;
        e -= 1;
    }
    // m = M * 2^-52 in [1, 4); sqrt(m) in [1, 2); result = sqrt(m) * 2^(e / 2).
    double m = (double)M * 2.220446049250313e-16;
    double y = (double)native_rsqrt((float)m);
    y = y * (1.5 - 0.5 * m * y * y);
    y = y * (1.5 - 0.5 * m * y * y);
    double s = m * y;
    double2 p = __oclc_x_mul12(s, s);
    s = s + ((m - p.x) - p.y) * (0.5 * y);
    ulong S = (ulong)rint(s * 4503599627370496.0);
    for (int i = 0; i < 4; i++) {
        // R = M * 2^52 - S^2: exact modulo 2^64, and small.
        long R = (long)((M << 52) - S * S);
        if (R > (long)S)
            S += 1UL;
        else if (R <= -(long)S)
            S -= 1UL;
        else
            break;
    }
    double r = (double)S * 2.220446049250313e-16;
    return r * as_double((ulong)(1023 + (e >> 1)) << 52);
}

/// sqrt of a double-double (a.x > 0, moderate), as a double-double.
double2 __oclc_x_dd_sqrt(double2 a)
{
    double s = __oclc_sqrt_f64(a.x);
    double2 p = __oclc_x_mul12(s, s);
    double r = ((a.x - p.x) - p.y) + a.y;
    return __oclc_x_fast12(s, r * 0.5 * __oclc_x_recip(s));
}

/// 1/sqrt(x): the correctly rounded root, then the correctly rounded reciprocal.
double __oclc_rsqrt_f64(double x)
{
    if (x == 0.0)
        return __oclc_x_copysign(__OCLC_DINF, x);
    if (x == __OCLC_DINF)
        return 0.0;
    if (!(x > 0.0))
        return __OCLC_DNAN;
    long2 u = __oclc_x_unpack(x);
    int e = (int)u.y;
    int k = e >> 1; // x = m * 2^(2k), m in [1, 4)
    double m = (double)u.x * 2.220446049250313e-16 * (double)(1 + (e & 1));
    double r = __oclc_fdiv_f64(1.0, __oclc_sqrt_f64(m));
    return __oclc_x_scale(r, -k);
}

/// Cube root within about 1 ulp: Newton steps from a bit-level seed, then a correction
/// from the double-double residual.
double __oclc_cbrt_f64(double x)
{
    if (x == 0.0 || x != x || fabs(x) == __OCLC_DINF)
        return x;
    long2 u = __oclc_x_unpack(x);
    int e = (int)u.y;
    int k = e >= 0 ? e / 3 : -((-e + 2) / 3); // floor(e / 3)
    int j = e - 3 * k;                         // 0, 1, 2
    double m = (double)u.x * 2.220446049250313e-16 * (double)(1 << j); // [1, 8)
    double y = (double)native_powr((float)m, 0.33333334f);
    for (int i = 0; i < 3; i++) {
        double y2 = y * y;
        y = y - (y2 * y - m) * __oclc_x_recip(3.0 * y2);
    }
    double2 y2 = __oclc_x_mul12(y, y);
    double2 y3 = __oclc_x_dd_mul_d(y2, y);
    double r = (m - y3.x) - y3.y;
    y = y + r * __oclc_x_recip(3.0 * y2.x);
    return __oclc_x_copysign(__oclc_x_scale(y, k), x);
}

/// Correctly rounded a*b + c: Dekker's exact product of the significands, then the
/// three-term sum rounded once through round-to-odd (Boldo and Melquiond's emulation),
/// all scaled so that the product's exponent is 0. A subnormal result is rounded twice
/// (once here, once by the scaling): within 1 ulp there, correctly rounded elsewhere.
double __oclc_fma_f64(double a, double b, double c)
{
    if (__oclc_x_nonfinite(a) || __oclc_x_nonfinite(b) || __oclc_x_nonfinite(c) ||
        a == 0.0 || b == 0.0)
        return a * b + c;
    long2 ua = __oclc_x_unpack(a), ub = __oclc_x_unpack(b);
    int ep = (int)(ua.y + ub.y); // a*b = as*bs * 2^ep with as, bs in [1, 2)
    double as = __oclc_x_copysign((double)ua.x * 2.220446049250313e-16, a);
    double bs = __oclc_x_copysign((double)ub.x * 2.220446049250313e-16, b);
    double cs = 0.0;
    if (c != 0.0) {
        int ec = (int)__oclc_x_unpack(c).y;
        if (ec - ep > 200)
            return c; // the product is far below half an ulp of c
        // Far below the product, c only decides the rounding direction: a tiny stand-in.
        cs = ec - ep < -200 ? __oclc_x_copysign(6.223015277861142e-61, c)
                            : __oclc_x_scale(c, -ep);
    }
    double2 u = __oclc_x_mul12(as, bs);
    double2 t = __oclc_x_add12(cs, u.x);
    double2 w = __oclc_x_add12(t.y, u.y);
    double v = w.x; // round-to-odd(t.y + u.y)
    if (w.y != 0.0 && (as_ulong(v) & 1UL) == 0UL)
        v = as_double(((w.y > 0.0) == (v > 0.0)) ? as_ulong(v) + 1UL : as_ulong(v) - 1UL);
    return __oclc_x_scale(t.x + v, ep);
}

// ---------------------------------------------------------------- exponentials

/// e^(rh + rl) - 1 as a double-double, for |rh| <= 0.35 (Taylor series to r^17).
double2 __oclc_x_expm1k(double rh, double rl)
{
    double p = 2.8114572543455206e-15;
    p = p * rh + 4.779477332387385e-14;
    p = p * rh + 7.647163731819816e-13;
    p = p * rh + 1.1470745597729725e-11;
    p = p * rh + 1.6059043836821613e-10;
    p = p * rh + 2.08767569878681e-09;
    p = p * rh + 2.505210838544172e-08;
    p = p * rh + 2.755731922398589e-07;
    p = p * rh + 2.7557319223985893e-06;
    p = p * rh + 2.48015873015873e-05;
    p = p * rh + 0.0001984126984126984;
    p = p * rh + 0.001388888888888889;
    p = p * rh + 0.008333333333333333;
    p = p * rh + 0.041666666666666664;
    p = p * rh + 0.16666666666666666;
    double2 h = __oclc_x_mul12(rh, rh * 0.5);
    double tail = h.y + rh * rh * rh * p + rl * (1.0 + rh + h.x);
    double2 s = __oclc_x_fast12(rh, h.x);
    return __oclc_x_fast12(s.x, s.y + tail);
}

/// e^(h + l) as a double-double (hi, lo) scaled by 2^n, for |h| <= 745: returns
/// (hi, lo, n) with e^(h+l) = (hi + lo) * 2^n and hi + lo in [0.7, 1.42].
double4 __oclc_x_exp_parts(double h, double l)
{
    double n = rint(h * 1.4426950408889634);
    double t = h - n * 0.6931471805598903;
    double2 r = __oclc_x_add12(t, -n * 5.497923018708371e-14);
    // l may exceed r's rounding error (it carries the low part of a product such as
    // y * log(x)): fold it into r so that r.y stays below half an ulp of r.x.
    r = __oclc_x_add12(r.x, r.y + l);
    double2 em = __oclc_x_expm1k(r.x, r.y);
    double2 e = __oclc_x_fast12(1.0, em.x);
    e = __oclc_x_fast12(e.x, e.y + em.y);
    return (double4)(e.x, e.y, n, 0.0);
}

/// e^(h + l) rounded, for any finite h (overflow and underflow handled).
double __oclc_x_exp_dd(double h, double l)
{
    if (h > 709.8)
        return __OCLC_DINF;
    if (h < -745.2)
        return 0.0;
    double4 p = __oclc_x_exp_parts(h, l);
    return __oclc_x_scale(p.x + p.y, (int)p.z);
}

double __oclc_exp_f64(double x)
{
    if (x != x)
        return x;
    if (x > 709.8)
        return __OCLC_DINF;
    if (x < -745.2)
        return 0.0;
    if (fabs(x) < 5.551115123125783e-17)
        return 1.0 + x;
    return __oclc_x_exp_dd(x, 0.0);
}

double __oclc_exp2_f64(double x)
{
    if (x != x)
        return x;
    if (x > 1024.5)
        return __OCLC_DINF;
    if (x < -1075.5)
        return 0.0;
    if (x == rint(x))
        return __oclc_x_scale(1.0, (int)x);
    double2 p = __oclc_x_mul12(x, __OCLC_LN2H);
    return __oclc_x_exp_dd(p.x, p.y + x * __OCLC_LN2L);
}

double __oclc_exp10_f64(double x)
{
    if (x != x)
        return x;
    if (x > 309.0)
        return __OCLC_DINF;
    if (x < -324.5)
        return 0.0;
    double2 p = __oclc_x_mul12(x, 2.302585092994046);
    return __oclc_x_exp_dd(p.x, p.y + x * -2.1707562233822494e-16);
}

/// e^x - 1 as a double-double for |x| <= 40.
double2 __oclc_x_expm1_dd(double x)
{
    if (fabs(x) <= 0.34)
        return __oclc_x_expm1k(x, 0.0);
    double4 p = __oclc_x_exp_parts(x, 0.0);
    double s = as_double((ulong)(1023 + (int)p.z) << 52); // 2^n
    double2 e = (double2)(p.x * s, p.y * s);
    double2 d = __oclc_x_add12(e.x, -1.0);
    return __oclc_x_fast12(d.x, d.y + e.y);
}

double __oclc_expm1_f64(double x)
{
    if (x != x)
        return x;
    if (x > 709.8)
        return __OCLC_DINF;
    if (x < -40.0)
        return -1.0;
    if (fabs(x) < 5.551115123125783e-17)
        return x;
    if (x > 40.0)
        return __oclc_x_exp_dd(x, 0.0);
    double2 r = __oclc_x_expm1_dd(x);
    return r.x + r.y;
}

// ---------------------------------------------------------------- logarithms

/// log(1 + f) as a double-double for f = fh + fl in [-0.3, 0.42]:
/// 2 atanh(u) with u = f / (2 + f), the first two series terms in double-double.
double2 __oclc_x_log1pk(double fh, double fl)
{
    double2 s = __oclc_x_fast12(2.0, fh);
    s.y += fl;
    double2 u = __oclc_x_dd_div((double2)(fh, fl), s);
    double z = u.x * u.x;
    // atanh(u) = u + u^3/3 + u^3 * z * (1/5 + z/7 + ...).
    double p = 0.034482758620689655;
    p = p * z + 0.037037037037037035;
    p = p * z + 0.04;
    p = p * z + 0.043478260869565216;
    p = p * z + 0.047619047619047616;
    p = p * z + 0.05263157894736842;
    p = p * z + 0.058823529411764705;
    p = p * z + 0.06666666666666667;
    p = p * z + 0.07692307692307693;
    p = p * z + 0.09090909090909091;
    p = p * z + 0.1111111111111111;
    p = p * z + 0.14285714285714285;
    p = p * z + 0.2;
    double2 u2 = __oclc_x_dd_mul(u, u);
    double2 u3 = __oclc_x_dd_mul(u2, u);
    double2 t = __oclc_x_dd_mul(u3, (double2)(0.3333333333333333, 1.850371707708594e-17));
    double tail = u3.x * z * p;
    double2 a = __oclc_x_dd_add(u, __oclc_x_fast12(t.x, t.y + tail));
    return (double2)(2.0 * a.x, 2.0 * a.y);
}

/// log(x) as a double-double for a finite x > 0.
double2 __oclc_x_log_dd(double x)
{
    long2 u = __oclc_x_unpack(x);
    int k = (int)u.y;
    double m = (double)u.x * 2.220446049250313e-16; // [1, 2)
    if (m > 1.4142135623730951) {
        m *= 0.5;
        k += 1;
    }
    double2 lm = __oclc_x_log1pk(m - 1.0, 0.0);
    double dk = (double)k;
    double2 kl = __oclc_x_mul12(dk, __OCLC_LN2H);
    kl.y += dk * __OCLC_LN2L;
    return __oclc_x_dd_add(kl, lm);
}

/// log(1 + f) for a double-double f > -1 (moderate).
double2 __oclc_x_log1p_dd(double2 f)
{
    if (f.x >= -0.29 && f.x <= 0.41)
        return __oclc_x_log1pk(f.x, f.y);
    double2 a = __oclc_x_add12(1.0, f.x);
    a.y += f.y;
    double2 l = __oclc_x_log_dd(a.x);
    return __oclc_x_dd_add(l, (double2)(a.y * __oclc_x_recip(a.x), 0.0));
}

/// NaN, -inf, +inf or x itself for the special operands of the logarithms; 0 otherwise.
double __oclc_x_log_special(double x)
{
    if (x != x)
        return x;
    if (x == 0.0)
        return -__OCLC_DINF;
    if (x < 0.0)
        return __OCLC_DNAN;
    return __OCLC_DINF;
}

double __oclc_log_f64(double x)
{
    if (!(x > 0.0) || x == __OCLC_DINF)
        return __oclc_x_log_special(x);
    double2 r = __oclc_x_log_dd(x);
    return r.x + r.y;
}

double __oclc_log2_f64(double x)
{
    if (!(x > 0.0) || x == __OCLC_DINF)
        return __oclc_x_log_special(x);
    long2 u = __oclc_x_unpack(x);
    int k = (int)u.y;
    double m = (double)u.x * 2.220446049250313e-16;
    if (m > 1.4142135623730951) {
        m *= 0.5;
        k += 1;
    }
    double2 lm = __oclc_x_log1pk(m - 1.0, 0.0);
    double2 l2 = __oclc_x_dd_mul(lm, (double2)(1.4426950408889634, 2.0355273740931033e-17));
    double2 r = __oclc_x_dd_add((double2)((double)k, 0.0), l2);
    return r.x + r.y;
}

double __oclc_log10_f64(double x)
{
    if (!(x > 0.0) || x == __OCLC_DINF)
        return __oclc_x_log_special(x);
    double2 r = __oclc_x_dd_mul(__oclc_x_log_dd(x),
                                (double2)(0.4342944819032518, 1.098319650216765e-17));
    return r.x + r.y;
}

double __oclc_log1p_f64(double x)
{
    if (x != x || x == __OCLC_DINF)
        return x;
    if (x == -1.0)
        return -__OCLC_DINF;
    if (x < -1.0)
        return __OCLC_DNAN;
    if (fabs(x) < 5.551115123125783e-17)
        return x;
    double2 r = __oclc_x_log1p_dd((double2)(x, 0.0));
    return r.x + r.y;
}

