// Powers, hyperbolic functions and the exact double functions of oclc's built-in library
// (double-double helpers of double.cl).

// ---------------------------------------------------------------- powers

/// True where y is an odd integer.
int __oclc_x_is_odd(double y)
{
    if (fabs(y) >= 9007199254740992.0 || y != rint(y))
        return 0;
    return 0.5 * y != rint(0.5 * y);
}

/// |x|^y for a finite nonzero x and a finite y: e^(y log|x|) with the logarithm in
/// double-double.
double __oclc_x_powabs(double x, double y)
{
    double2 l = __oclc_x_log_dd(fabs(x));
    double2 p = __oclc_x_mul12(y, l.x);
    p.y += y * l.y;
    if (p.x > 710.0)
        return __OCLC_DINF;
    if (p.x < -746.0)
        return 0.0;
    return __oclc_x_exp_dd(p.x, p.y);
}

/// pow(x, y) with C99 Annex F's special values.
double __oclc_pow_f64(double x, double y)
{
    if (y == 0.0 || x == 1.0)
        return 1.0;
    if (x != x || y != y)
        return __OCLC_DNAN;
    double ax = fabs(x);
    int odd = __oclc_x_is_odd(y);
    if (ax == 0.0) {
        double z = y < 0.0 ? __OCLC_DINF : 0.0;
        return odd ? __oclc_x_copysign(z, x) : z;
    }
    if (fabs(y) == __OCLC_DINF) {
        if (ax == 1.0)
            return 1.0;
        return ((ax < 1.0) == (y < 0.0)) ? __OCLC_DINF : 0.0;
    }
    if (ax == __OCLC_DINF) {
        double z = y < 0.0 ? 0.0 : __OCLC_DINF;
        return (odd && x < 0.0) ? -z : z;
    }
    if (x < 0.0 && rint(y) != y)
        return __OCLC_DNAN;
    double r = __oclc_x_powabs(x, y);
    return (odd && x < 0.0) ? -r : r;
}

double __oclc_pown_f64(double x, int n)
{
    return __oclc_pow_f64(x, (double)n);
}

double __oclc_powr_f64(double x, double y)
{
    if (x < 0.0 || x != x || y != y)
        return __OCLC_DNAN;
    if (x == 0.0) {
        if (y == 0.0)
            return __OCLC_DNAN;
        return y < 0.0 ? __OCLC_DINF : 0.0;
    }
    if (x == __OCLC_DINF) {
        if (y == 0.0)
            return __OCLC_DNAN;
        return y < 0.0 ? 0.0 : __OCLC_DINF;
    }
    if (x == 1.0)
        return fabs(y) == __OCLC_DINF ? __OCLC_DNAN : 1.0;
    return __oclc_pow_f64(x, y);
}

double __oclc_rootn_f64(double x, int n)
{
    if (n == 0 || x != x || (x < 0.0 && (n & 1) == 0))
        return __OCLC_DNAN;
    int odd = n & 1;
    if (x == 0.0) {
        double z = n < 0 ? __OCLC_DINF : 0.0;
        return odd ? __oclc_x_copysign(z, x) : z;
    }
    if (fabs(x) == __OCLC_DINF) {
        double z = n < 0 ? 0.0 : __OCLC_DINF;
        return __oclc_x_copysign(z, x);
    }
    double2 l = __oclc_x_log_dd(fabs(x));
    double2 t = __oclc_x_dd_div(l, (double2)((double)n, 0.0));
    return __oclc_x_copysign(__oclc_x_exp_dd(t.x, t.y), x);
}

// ---------------------------------------------------------------- hyperbolic

/// e^|x| / 2 for |x| > 20: exp(|x| - ln 2), which does not overflow before the result.
double __oclc_x_exp_half(double ax)
{
    double2 h = __oclc_x_add12(ax, -__OCLC_LN2H);
    return __oclc_x_exp_dd(h.x, h.y - __OCLC_LN2L);
}

/// (e^a, e^-a) as double-doubles for 0 <= a <= 20.
double4 __oclc_x_exp_pair(double a)
{
    double4 p = __oclc_x_exp_parts(a, 0.0);
    double s = as_double((ulong)(1023 + (int)p.z) << 52);
    double2 e = (double2)(p.x * s, p.y * s);
    double2 inv = __oclc_x_dd_div((double2)(1.0, 0.0), e);
    return (double4)(e.x, e.y, inv.x, inv.y);
}

double __oclc_sinh_f64(double x)
{
    double ax = fabs(x);
    if (x != x || ax == __OCLC_DINF || ax < 1.4901161193847656e-08)
        return x;
    double r;
    if (ax > 20.0) {
        r = __oclc_x_exp_half(ax);
    } else if (ax < 0.34) {
        // sinh = (e^a - 1) + (e^a - 1) / e^a all halved, through expm1 in double-double.
        double2 em = __oclc_x_expm1_dd(ax);
        double2 e = __oclc_x_fast12(1.0, em.x);
        e.y += em.y;
        double2 q = __oclc_x_dd_div(em, e);
        double2 s = __oclc_x_dd_add(em, q);
        r = 0.5 * (s.x + s.y);
    } else {
        double4 p = __oclc_x_exp_pair(ax);
        double2 s = __oclc_x_dd_add((double2)(p.x, p.y), (double2)(-p.z, -p.w));
        r = 0.5 * (s.x + s.y);
    }
    return __oclc_x_copysign(r, x);
}

double __oclc_cosh_f64(double x)
{
    double ax = fabs(x);
    if (x != x)
        return x;
    if (ax == __OCLC_DINF)
        return ax;
    if (ax < 1.4901161193847656e-08)
        return 1.0;
    if (ax > 20.0)
        return __oclc_x_exp_half(ax);
    double4 p = __oclc_x_exp_pair(ax);
    double2 s = __oclc_x_dd_add((double2)(p.x, p.y), (double2)(p.z, p.w));
    return 0.5 * (s.x + s.y);
}

double __oclc_tanh_f64(double x)
{
    double ax = fabs(x);
    if (x != x || ax < 1.4901161193847656e-08)
        return x;
    if (ax > 22.0)
        return __oclc_x_copysign(1.0, x);
    // tanh(a) = em / (em + 2) with em = e^(2a) - 1.
    double2 em = __oclc_x_expm1_dd(2.0 * ax);
    double2 d = __oclc_x_dd_add(em, (double2)(2.0, 0.0));
    double2 t = __oclc_x_dd_div(em, d);
    return __oclc_x_copysign(t.x + t.y, x);
}

double __oclc_asinh_f64(double x)
{
    double ax = fabs(x);
    if (x != x || ax == __OCLC_DINF || ax < 1.4901161193847656e-08)
        return x;
    double2 r;
    if (ax > 268435456.0) {
        r = __oclc_x_dd_add(__oclc_x_log_dd(ax), (double2)(__OCLC_LN2H, __OCLC_LN2L));
    } else {
        // log1p(a + a^2 / (1 + sqrt(1 + a^2))).
        double2 a2 = __oclc_x_mul12(ax, ax);
        double2 s = __oclc_x_dd_sqrt(__oclc_x_dd_add((double2)(1.0, 0.0), a2));
        double2 q = __oclc_x_dd_div(a2, __oclc_x_dd_add((double2)(1.0, 0.0), s));
        r = __oclc_x_log1p_dd(__oclc_x_dd_add((double2)(ax, 0.0), q));
    }
    return __oclc_x_copysign(r.x + r.y, x);
}

double __oclc_acosh_f64(double x)
{
    if (x != x || x == __OCLC_DINF)
        return x;
    if (x < 1.0)
        return __OCLC_DNAN;
    if (x == 1.0)
        return 0.0;
    double2 r;
    if (x > 268435456.0) {
        r = __oclc_x_dd_add(__oclc_x_log_dd(x), (double2)(__OCLC_LN2H, __OCLC_LN2L));
    } else {
        // log1p((x - 1) + sqrt((x - 1)(x + 1))).
        double2 xm = __oclc_x_add12(x, -1.0);
        double2 xp = __oclc_x_add12(x, 1.0);
        double2 s = __oclc_x_dd_sqrt(__oclc_x_dd_mul(xm, xp));
        r = __oclc_x_log1p_dd(__oclc_x_dd_add(xm, s));
    }
    return r.x + r.y;
}

double __oclc_atanh_f64(double x)
{
    double ax = fabs(x);
    if (x != x || ax < 1.4901161193847656e-08)
        return x;
    if (ax > 1.0)
        return __OCLC_DNAN;
    if (ax == 1.0)
        return __oclc_x_copysign(__OCLC_DINF, x);
    // atanh(a) = log1p(2a / (1 - a)) / 2.
    double2 d = __oclc_x_add12(1.0, -ax);
    double2 q = __oclc_x_dd_div((double2)(2.0 * ax, 0.0), d);
    double2 r = __oclc_x_log1p_dd(q);
    return __oclc_x_copysign(0.5 * (r.x + r.y), x);
}

// ---------------------------------------------------------------- exact functions

double __oclc_round_f64(double x)
{
    double t = trunc(x);
    if (fabs(x - t) >= 0.5)
        t = t + __oclc_x_copysign(1.0, x);
    return t;
}

/// trunc from floor: lavapipe (Mesa 22.3.6) computes GLSL.std.450 Trunc and RoundEven on
/// 64-bit floats wrongly beyond 2^31 (trunc(-87678010102.49915) gave the operand back, which
/// broke sinpi, cospi, tanpi and pow's integer tests), while its Floor is right. Exact:
/// floor of |x| is an integer of at most x's magnitude; the sign is x's (so -0.5 gives -0.0).
double __oclc_trunc_f64(double x)
{
    return __oclc_x_copysign(floor(fabs(x)), x);
}

/// rint (round half to even) from floor, for the same reason. Exact: below 2^52, |x| - floor
/// is exact; from 2^52 on every double is an integer (NaN and infinities pass through).
double __oclc_rint_f64(double x)
{
    double a = fabs(x);
    if (!(a < 4503599627370496.0))
        return x;
    double f = floor(a);
    double d = a - f;
    double r = f;
    if (d > 0.5 || (d == 0.5 && floor(f * 0.5) * 2.0 != f))
        r = f + 1.0;
    return __oclc_x_copysign(r, x);
}

/// fmod, exact: long division of the integer significands, 11 bits per step.
double __oclc_fmod_f64(double x, double y)
{
    ulong ux = as_ulong(x) & 0x7fffffffffffffffUL;
    ulong uy = as_ulong(y) & 0x7fffffffffffffffUL;
    if (uy == 0UL || ux >= 0x7ff0000000000000UL || uy > 0x7ff0000000000000UL)
        return __OCLC_DNAN;
    if (ux < uy)
        return x;
    if (ux == uy)
        return __oclc_x_copysign(0.0, x);
    long2 px = __oclc_x_unpack(x), py = __oclc_x_unpack(y);
    ulong mx = (ulong)px.x, my = (ulong)py.x;
    int d = (int)(px.y - py.y);
    ulong r = mx % my;
    while (d > 0) {
        int k = min(d, 11);
        r = (r << k) % my;
        d -= k;
    }
    // |result| = r * 2^(ey - 52), exact.
    double v = __oclc_x_scale((double)r, (int)py.y - 52);
    return __oclc_x_copysign(v, x);
}

double __oclc_remainder_f64(double x, double y)
{
    ulong ux = as_ulong(x) & 0x7fffffffffffffffUL;
    ulong uy = as_ulong(y) & 0x7fffffffffffffffUL;
    if (uy == 0UL || ux >= 0x7ff0000000000000UL || uy > 0x7ff0000000000000UL)
        return __OCLC_DNAN;
    double ay = as_double(uy);
    double r = fabs(x);
    int odd = 0;
    if (ay < 8.98846567431158e307) {
        r = fabs(__oclc_fmod_f64(x, 2.0 * ay)); // [0, 2|y|)
        if (r >= ay) {
            r -= ay;
            odd = 1;
        }
    } else if (r >= ay) {
        r -= ay;
        odd = 1;
    }
    double rest = ay - r; // exact when it matters (r >= |y|/2)
    if (r > rest || (r == rest && odd))
        r -= ay;
    if (r == 0.0)
        return __oclc_x_copysign(0.0, x);
    return x < 0.0 ? -r : r;
}

double __oclc_fdim_f64(double x, double y)
{
    if (x != x || y != y)
        return __OCLC_DNAN;
    return x > y ? x - y : 0.0;
}

double __oclc_maxmag_f64(double x, double y)
{
    double ax = fabs(x), ay = fabs(y);
    if (ax > ay)
        return x;
    if (ay > ax)
        return y;
    return fmax(x, y);
}

double __oclc_minmag_f64(double x, double y)
{
    double ax = fabs(x), ay = fabs(y);
    if (ax < ay)
        return x;
    if (ay < ax)
        return y;
    return fmin(x, y);
}

double __oclc_nextafter_f64(double x, double y)
{
    if (x != x || y != y)
        return __OCLC_DNAN;
    if (x == y)
        return y;
    if (x == 0.0)
        return __oclc_x_copysign(as_double(1UL), y);
    ulong b = as_ulong(x);
    return as_double(((y > x) == (x > 0.0)) ? b + 1UL : b - 1UL);
}

double __oclc_ldexp_f64(double x, int n)
{
    return __oclc_x_scale(x, n);
}

int __oclc_ilogb_f64(double x)
{
    ulong a = as_ulong(x) & 0x7fffffffffffffffUL;
    if (a == 0UL)
        return -2147483647 - 1;
    if (a >= 0x7ff0000000000000UL)
        return 2147483647;
    return (int)__oclc_x_unpack(x).y;
}

double __oclc_logb_f64(double x)
{
    if (x == 0.0)
        return -__OCLC_DINF;
    if (__oclc_x_nonfinite(x))
        return x * x;
    return (double)__oclc_ilogb_f64(x);
}

double __oclc_hypot_f64(double x, double y)
{
    double ax = fabs(x), ay = fabs(y);
    if (ax == __OCLC_DINF || ay == __OCLC_DINF)
        return __OCLC_DINF;
    if (x != x || y != y)
        return __OCLC_DNAN;
    double big = fmax(ax, ay), small = fmin(ax, ay);
    if (small == 0.0)
        return big;
    int k = (int)__oclc_x_unpack(big).y;
    if ((int)__oclc_x_unpack(small).y < k - 60)
        return big;
    double b = __oclc_x_scale(big, -k), s = __oclc_x_scale(small, -k);
    double2 sum = __oclc_x_dd_add(__oclc_x_mul12(b, b), __oclc_x_mul12(s, s));
    double2 r = __oclc_x_dd_sqrt(sum);
    return __oclc_x_scale(r.x + r.y, k);
}

double __oclc_smoothstep_f64(double e0, double e1, double x)
{
    double t = __oclc_fdiv_f64(x - e0, e1 - e0);
    t = fmin(fmax(t, 0.0), 1.0);
    return t * t * (3.0 - 2.0 * t);
}

double __oclc_copysign_f64(double x, double y)
{
    return __oclc_x_copysign(x, y);
}
