// Trigonometric functions of oclc's built-in library (float, evaluated in double).
// Arguments are reduced modulo pi/2 exactly for every finite float (Payne-Hanek with the
// bits of 2/pi below), so sin/cos/tan stay within 1 ulp even for huge arguments.

/// The bits of 2/pi: 2/pi = sum of word[k] * 2^(-32 k); word 0 is the (zero) integer part.
__constant uint __oclc_two_over_pi_bits[9] = {
    0x00000000u, 0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u,
    0xDB629599u, 0x3C439041u, 0xFE5163ABu, 0xDEBBC561u,
};

/// sin(r) for |r| <= pi/4 (Taylor series to r^21).
double __oclc_d_sink(double r)
{
    double z = r * r;
    double p = 1.9572941063391263e-20;
    p = p * z - 8.22063524662433e-18;
    p = mad(p, z, 2.8114572543455206e-15);
    p = p * z - 7.647163731819816e-13;
    p = mad(p, z, 1.6059043836821613e-10);
    p = p * z - 2.505210838544172e-08;
    p = mad(p, z, 2.7557319223985893e-06);
    p = p * z - 0.0001984126984126984;
    p = mad(p, z, 0.008333333333333333);
    p = p * z - 0.16666666666666666;
    return r + r * z * p;
}

/// cos(r) for |r| <= pi/4 (Taylor series to r^22).
double __oclc_d_cosk(double r)
{
    double z = r * r;
    double p = -8.896791392450574e-22;
    p = mad(p, z, 4.110317623312165e-19);
    p = p * z - 1.5619206968586225e-16;
    p = mad(p, z, 4.779477332387385e-14);
    p = p * z - 1.1470745597729725e-11;
    p = mad(p, z, 2.08767569878681e-09);
    p = p * z - 2.755731922398589e-07;
    p = mad(p, z, 2.48015873015873e-05);
    p = p * z - 0.001388888888888889;
    p = mad(p, z, 0.041666666666666664);
    p = p * z - 0.5;
    return 1.0 + z * p;
}

/// Reduces a finite float magnitude ax > pi/4: returns (r, q) with ax = r + q*pi/2 modulo
/// 2*pi, r in [-pi/4, pi/4] (double, relative error near 2^-52), q in 0..3.
///
/// ax = m * 2^e with a 24-bit integer m; the words of 2/pi whose products with m are
/// multiples of 4 are skipped, the next four (128 bits) are multiplied exactly with 32-bit
/// limbs, and the bits around the binary point give the quadrant and the fraction.
double2 __oclc_d_reduce_pio2(float ax)
{
    uint bits = as_uint(ax);
    int e = (int)(bits >> 23) - 150;
    ulong m = (ulong)((bits & 0x7fffffu) | 0x800000u);
    int k0 = ((e - 2) >> 5) + 1;
    int s = e - 32 * (k0 - 1);
    ulong p0 = m * (ulong)__oclc_two_over_pi_bits[k0];
    ulong p1 = m * (ulong)__oclc_two_over_pi_bits[k0 + 1];
    ulong p2 = m * (ulong)__oclc_two_over_pi_bits[k0 + 2];
    ulong p3 = m * (ulong)__oclc_two_over_pi_bits[k0 + 3];
    ulong acc = p3;
    ulong l4 = acc & 0xffffffffUL;
    acc = (acc >> 32) + p2;
    ulong l3 = acc & 0xffffffffUL;
    acc = (acc >> 32) + p1;
    ulong l2 = acc & 0xffffffffUL;
    acc = (acc >> 32) + p0;
    ulong l1 = acc & 0xffffffffUL;
    ulong hi = (l1 << 32) | l2;
    ulong lo = (l3 << 32) | l4;
    int q = (int)(hi >> (64 - s)) & 3;
    ulong frac = (hi << s) | (lo >> (64 - s));
    ulong rest = lo << s;
    long sfrac = (long)frac;
    if (sfrac < 0L)
        q = (q + 1) & 3;
    // The fraction of a turn/4 in [-1/2, 1/2): sfrac * 2^-64 plus the remaining bits.
    double f = ((double)sfrac + (double)rest * 5.42101086242752217003726400434970855712890625e-20)
               * 5.42101086242752217003726400434970855712890625e-20;
    return (double2)(f * 1.5707963267948966, (double)q);
}

/// (r, q) for any finite float x: x = r + q*pi/2 modulo 2*pi with |r| <= pi/4.
double2 __oclc_d_reduce(float x)
{
    float ax = fabs(x);
    if (ax <= 0.78539816f)
        return (double2)(__oclc_f2d(x), 0.0);
    double2 rq = __oclc_d_reduce_pio2(ax);
    if (x < 0.0f)
        return (double2)(-rq.x, (double)((4 - (int)rq.y) & 3));
    return rq;
}

/// sin(r + q*pi/2).
double __oclc_d_sin_quadrant(double r, int q)
{
    double v = (q & 1) ? __oclc_d_cosk(r) : __oclc_d_sink(r);
    return (q & 2) ? -v : v;
}

/// cos(r + q*pi/2).
double __oclc_d_cos_quadrant(double r, int q)
{
    double v = (q & 1) ? __oclc_d_sink(r) : __oclc_d_cosk(r);
    return ((q + 1) & 2) ? -v : v;
}

/// tan(r + q*pi/2).
double __oclc_d_tan_quadrant(double r, int q)
{
    double s = __oclc_d_sink(r);
    double c = __oclc_d_cosk(r);
    if (q & 1)
        return -c * __oclc_d_recip(s);
    return s * __oclc_d_recip(c);
}

float __oclc_sin_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    if (fabs(x) < 1e-30f)
        return x;
    double2 rq = __oclc_d_reduce(x);
    return (float)__oclc_d_sin_quadrant(rq.x, (int)rq.y);
}

float __oclc_cos_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    double2 rq = __oclc_d_reduce(x);
    return (float)__oclc_d_cos_quadrant(rq.x, (int)rq.y);
}

float __oclc_tan_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    if (fabs(x) < 1e-30f)
        return x;
    double2 rq = __oclc_d_reduce(x);
    return (float)__oclc_d_tan_quadrant(rq.x, (int)rq.y);
}

// ---------------------------------------------------------------- sinpi, cospi, tanpi

/// (r, q) with |x| = f + q/2 exactly (f in [-1/4, 1/4]) and r = pi*f, for finite |x| < 2^23.
double2 __oclc_d_reduce_pi(float ax)
{
    float n = rint(ax * 2.0f);
    float f = ax - n * 0.5f;
    return (double2)(__oclc_f2d(f) * 3.141592653589793, (double)((int)n & 3));
}

float __oclc_sinpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    float ax = fabs(x);
    if (ax >= 8388608.0f)
        return __oclc_copysign_f32(0.0f, x);
    double2 rq = __oclc_d_reduce_pi(ax);
    float v = (float)__oclc_d_sin_quadrant(rq.x, (int)rq.y);
    if (v == 0.0f)
        return __oclc_copysign_f32(0.0f, x);
    return x < 0.0f ? -v : v;
}

float __oclc_cospi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    float ax = fabs(x);
    if (ax >= 16777216.0f)
        return 1.0f;
    if (ax >= 8388608.0f)
        return (as_uint(ax) & 1u) ? -1.0f : 1.0f;
    double2 rq = __oclc_d_reduce_pi(ax);
    float v = (float)__oclc_d_cos_quadrant(rq.x, (int)rq.y);
    return v == 0.0f ? 0.0f : v;
}

float __oclc_tanpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    float ax = fabs(x);
    float sign = __oclc_copysign_f32(1.0f, x);
    if (ax >= 16777216.0f)
        return __oclc_copysign_f32(0.0f, x);
    if (ax >= 8388608.0f)
        return (as_uint(ax) & 1u) ? __oclc_copysign_f32(0.0f, -x) : __oclc_copysign_f32(0.0f, x);
    double2 rq = __oclc_d_reduce_pi(ax);
    int q = (int)rq.y;
    if (rq.x == 0.0) {
        // x is a multiple of 1/2: zeros (signed by the parity of x) and poles.
        if (q == 0)
            return __oclc_copysign_f32(0.0f, x);
        if (q == 2)
            return __oclc_copysign_f32(0.0f, -x);
        return q == 1 ? sign * INFINITY : -sign * INFINITY;
    }
    return sign * (float)__oclc_d_tan_quadrant(rq.x, q);
}

// ---------------------------------------------------------------- inverse functions

/// atan(t) for t >= 0 (double): reduced to |u| <= tan(pi/8) by atan(t) = pi/2 - atan(1/t)
/// and atan(t) = pi/4 + atan((t-1)/(t+1)), then the Taylor series to u^47.
double __oclc_d_atan_pos(double t)
{
    double base = 0.0;
    double sgn = 1.0;
    if (t > 2.414213562373095) {
        t = __oclc_d_recip(t);
        base = 1.5707963267948966;
        sgn = -1.0;
    } else if (t > 0.41421356237309503) {
        t = __oclc_d_div(t - 1.0, t + 1.0);
        base = 0.7853981633974483;
    }
    double z = t * t;
    double p = -0.02127659574468085;
    p = mad(p, z, 0.022222222222222223);
    p = p * z - 0.023255813953488372;
    p = mad(p, z, 0.024390243902439025);
    p = p * z - 0.02564102564102564;
    p = mad(p, z, 0.02702702702702703);
    p = p * z - 0.02857142857142857;
    p = mad(p, z, 0.030303030303030304);
    p = p * z - 0.03225806451612903;
    p = mad(p, z, 0.034482758620689655);
    p = p * z - 0.037037037037037035;
    p = mad(p, z, 0.04);
    p = p * z - 0.043478260869565216;
    p = mad(p, z, 0.047619047619047616);
    p = p * z - 0.05263157894736842;
    p = mad(p, z, 0.058823529411764705);
    p = p * z - 0.06666666666666667;
    p = mad(p, z, 0.07692307692307693);
    p = p * z - 0.09090909090909091;
    p = mad(p, z, 0.1111111111111111);
    p = p * z - 0.14285714285714285;
    p = mad(p, z, 0.2);
    p = p * z - 0.3333333333333333;
    double a = t + t * z * p;
    return base + sgn * a;
}

/// atan(x) for any double (infinities give +-pi/2).
double __oclc_d_atan(double x)
{
    if (__oclc_d_nonfinite(x) && x == x)
        return x > 0.0 ? 1.5707963267948966 : -1.5707963267948966;
    double a = __oclc_d_atan_pos(fabs(x));
    return (as_ulong(x) >> 63) ? -a : a;
}

/// atan2(y, x) in double for float operands, with C99's special values.
double __oclc_d_atan2(float y, float x)
{
    double pi = 3.141592653589793;
    if (x != x || y != y)
        return (double)__oclc_qnan_f32();
    double dy = __oclc_f2d(y), dx = __oclc_f2d(x);
    int xneg = as_uint(x) >> 31;
    double a;
    if (y == 0.0f) {
        a = xneg ? pi : 0.0;
    } else if (x == 0.0f) {
        a = 0.5 * pi;
    } else if (__oclc_nonfinite_f32(y)) {
        a = __oclc_nonfinite_f32(x) ? (xneg ? 0.75 * pi : 0.25 * pi) : 0.5 * pi;
    } else if (__oclc_nonfinite_f32(x)) {
        a = xneg ? pi : 0.0;
    } else {
        a = __oclc_d_atan_pos(__oclc_d_div(fabs(dy), fabs(dx)));
        if (xneg)
            a = pi - a;
    }
    return (as_uint(y) >> 31) ? -a : a;
}

float __oclc_atan_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    return (float)__oclc_d_atan(__oclc_f2d(x));
}

float __oclc_atanpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    return (float)(__oclc_d_atan(__oclc_f2d(x)) * 0.3183098861837907);
}

float __oclc_atan2_f32(float y, float x)
{
    y = __oclc_canon_f32(y);
    x = __oclc_canon_f32(x);
    return (float)__oclc_d_atan2(y, x);
}

float __oclc_atan2pi_f32(float y, float x)
{
    y = __oclc_canon_f32(y);
    x = __oclc_canon_f32(x);
    return (float)(__oclc_d_atan2(y, x) * 0.3183098861837907);
}

/// asin(x) in double for |x| <= 1: atan(x / sqrt((1-x)(1+x))).
double __oclc_d_asin(float x)
{
    double d = __oclc_f2d(x);
    double ax = fabs(d);
    if (ax == 1.0)
        return d * 1.5707963267948966;
    double c = __oclc_d_sqrt((1.0 - ax) * (1.0 + ax));
    double a = __oclc_d_atan_pos(__oclc_d_div(ax, c));
    return d < 0.0 ? -a : (x == 0.0f ? d : a);
}

/// acos(x) in double for |x| <= 1: 2 atan(sqrt((1-x)/(1+x))).
double __oclc_d_acos(float x)
{
    double d = __oclc_f2d(x);
    if (d == -1.0)
        return 3.141592653589793;
    if (d == 1.0)
        return 0.0;
    double t = __oclc_d_sqrt(__oclc_d_div(1.0 - d, 1.0 + d));
    return 2.0 * __oclc_d_atan_pos(t);
}

float __oclc_asin_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (!(fabs(x) <= 1.0f))
        return __oclc_qnan_f32();
    return (float)__oclc_d_asin(x);
}

float __oclc_asinpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (!(fabs(x) <= 1.0f))
        return __oclc_qnan_f32();
    return (float)(__oclc_d_asin(x) * 0.3183098861837907);
}

float __oclc_acos_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (!(fabs(x) <= 1.0f))
        return __oclc_qnan_f32();
    return (float)__oclc_d_acos(x);
}

float __oclc_acospi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (!(fabs(x) <= 1.0f))
        return __oclc_qnan_f32();
    return (float)(__oclc_d_acos(x) * 0.3183098861837907);
}
