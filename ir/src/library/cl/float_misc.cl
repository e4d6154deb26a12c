// Exact and nearly exact float functions of oclc's built-in library: rounding, remainders,
// sign and magnitude selection, exponent manipulation, hypot and smoothstep.

float __oclc_round_f32(float x)
{
    x = __oclc_canon_f32(x);
    float t = trunc(x);
    if (fabs(x - t) >= 0.5f)
        t = t + __oclc_copysign_f32(1.0f, x);
    return t;
}

/// fmod, exact: binary long division of the mantissas (the quotient is never formed).
float __oclc_fmod_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    uint ux = as_uint(x) & 0x7fffffffu;
    uint uy = as_uint(y) & 0x7fffffffu;
    uint sign = as_uint(x) & 0x80000000u;
    if (uy == 0u || ux >= 0x7f800000u || uy > 0x7f800000u)
        return __oclc_qnan_f32();
    if (ux < uy)
        return x;
    if (ux == uy)
        return as_float(sign);
    int ex = (int)(ux >> 23);
    int ey = (int)(uy >> 23);
    uint mx, my;
    if (ex == 0) {
        ex = 1;
        mx = ux;
        while (mx < 0x800000u) {
            mx <<= 1;
            ex -= 1;
        }
    } else {
        mx = (ux & 0x7fffffu) | 0x800000u;
    }
    if (ey == 0) {
        ey = 1;
        my = uy;
        while (my < 0x800000u) {
            my <<= 1;
            ey -= 1;
        }
    } else {
        my = (uy & 0x7fffffu) | 0x800000u;
    }
    for (; ex > ey; ex--) {
        if (mx >= my) {
            mx -= my;
            if (mx == 0u)
                return as_float(sign);
        }
        mx <<= 1;
    }
    if (mx >= my) {
        mx -= my;
        if (mx == 0u)
            return as_float(sign);
    }
    while (mx < 0x800000u) {
        mx <<= 1;
        ex -= 1;
    }
    uint r = ex > 0 ? (((uint)ex << 23) | (mx & 0x7fffffu)) : (mx >> (uint)(1 - ex));
    return as_float(r | sign);
}

float __oclc_remainder_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    if (x != x || y != y || y == 0.0f || __oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    if (__oclc_nonfinite_f32(y))
        return x;
    float r = __oclc_fmod_f32(x, y);
    double ar = fabs(__oclc_f2d(r));
    double ay = fabs(__oclc_f2d(y));
    // The parity of trunc(x / y): odd exactly where |fmod(x, 2y)| >= |y|.
    int odd;
    if (ay > 1.7e38)
        odd = fabs(__oclc_f2d(x)) >= ay;
    else
        odd = fabs(__oclc_f2d(__oclc_fmod_f32(x, 2.0f * y))) >= ay;
    if (2.0 * ar > ay || (2.0 * ar == ay && odd))
        return (float)(__oclc_f2d(r) - __oclc_copysign_f32(1.0f, r) * ay);
    return r;
}

float __oclc_fdim_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    if (x != x || y != y)
        return __oclc_qnan_f32();
    return x > y ? x - y : 0.0f;
}

float __oclc_maxmag_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    float ax = fabs(x), ay = fabs(y);
    if (ax > ay)
        return x;
    if (ay > ax)
        return y;
    return fmax(x, y);
}

float __oclc_minmag_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    float ax = fabs(x), ay = fabs(y);
    if (ax < ay)
        return x;
    if (ay < ax)
        return y;
    return fmin(x, y);
}

float __oclc_nextafter_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    if (x != x || y != y)
        return __oclc_qnan_f32();
    if (x == y)
        return y;
    if (x == 0.0f)
        return __oclc_copysign_f32(as_float(1u), y);
    uint b = as_uint(x);
    return as_float(((y > x) == (x > 0.0f)) ? b + 1u : b - 1u);
}

float __oclc_ldexp_f32(float x, int n)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    int k = min(max(n, -400), 400);
    return (float)(__oclc_f2d(x) * __oclc_d_pow2i(k));
}

int __oclc_ilogb_f32(float x)
{
    x = __oclc_canon_f32(x);
    uint ax = as_uint(x) & 0x7fffffffu;
    if (ax == 0u)
        return -2147483647 - 1;
    if (ax >= 0x7f800000u)
        return 2147483647;
    return (int)((as_ulong(__oclc_f2d(x)) >> 52) & 0x7ffUL) - 1023;
}

float __oclc_logb_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f)
        return -INFINITY;
    if (__oclc_nonfinite_f32(x))
        return x * x;
    return (float)__oclc_ilogb_f32(x);
}

float __oclc_hypot_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    if (fabs(x) == INFINITY || fabs(y) == INFINITY)
        return INFINITY;
    if (x != x || y != y)
        return __oclc_qnan_f32();
    double dx = __oclc_f2d(x), dy = __oclc_f2d(y);
    double s = dx * dx + dy * dy;
    if (s == 0.0)
        return 0.0f;
    return (float)__oclc_d_sqrt(s);
}

float __oclc_smoothstep_f32(float e0, float e1, float x)
{
    e0 = __oclc_canon_f32(e0);
    e1 = __oclc_canon_f32(e1);
    x = __oclc_canon_f32(x);
    double w = __oclc_f2d(e1) - __oclc_f2d(e0);
    double t;
    if (w > 0.0 && w < 1e300)
        t = __oclc_d_div(__oclc_f2d(x) - __oclc_f2d(e0), w);
    else
        t = (double)((x - e0) / (e1 - e0));
    t = fmin(fmax(t, 0.0), 1.0);
    return (float)(t * t * (3.0 - 2.0 * t));
}
