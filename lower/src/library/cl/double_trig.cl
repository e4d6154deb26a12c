// Trigonometric functions of oclc's built-in library on double (double-double helpers of
// double.cl). Arguments are reduced modulo pi/2 in double-double: Cody-Waite with a
// three-part pi/2 below 2^19 (n * each part exact or nearly), Payne-Hanek above (the
// 53-bit significand times 224 bits of 2/pi chosen by the exponent, in 32-bit limbs).

/// The bits of 2/pi: 2/pi = sum of word[k] * 2^(-32 k); word 0 is the (zero) integer
/// part. 1568 bits, enough for every double exponent with 128 bits to spare.
__constant uint __oclc_x_two_over_pi[50] = {
    0x00000000u,
    0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u, 0xDB629599u, 0x3C439041u,
    0xFE5163ABu, 0xDEBBC561u, 0xB7246E3Au, 0x424DD2E0u, 0x06492EEAu, 0x09D1921Cu,
    0xFE1DEB1Cu, 0xB129A73Eu, 0xE88235F5u, 0x2EBB4484u, 0xE99C7026u, 0xB45F7E41u,
    0x3991D639u, 0x835339F4u, 0x9C845F8Bu, 0xBDF9283Bu, 0x1FF897FFu, 0xDE05980Fu,
    0xEF2F118Bu, 0x5A0A6D1Fu, 0x6D367ECFu, 0x27CB09B7u, 0x4F463F66u, 0x9E5FEA2Du,
    0x7527BAC7u, 0xEBE5F17Bu, 0x3D0739F7u, 0x8A5292EAu, 0x6BFB5FB1u, 0x1F8D5D08u,
    0x56033046u, 0xFC7B6BABu, 0xF0CFBC20u, 0x9AF4361Du, 0xA9E39161u, 0x5EE61B08u,
    0x6599855Fu, 0x14A06840u, 0x8DFFD880u, 0x4D732731u, 0x06061556u, 0xCA73A8C9u,
    0x60E27BC0u,
};

/// 32-bit limb `i` (0 = least significant) of the 9-limb product, from its column sums.
/// The product of the 53-bit significand m = mh * 2^32 + ml with the 7 words w[k0..k0+6]
/// (w[k0] most significant) has limbs L[p] = lo(ml*w[6-p]) + hi(ml*w[7-p]) +
/// lo(mh*w[7-p]) + hi(mh*w[8-p]) + carry.
ulong __oclc_x_ph_column(ulong mh, ulong ml, int k0, int p)
{
    ulong s = 0UL;
    int j = 6 - p;
    if (j >= 0 && j <= 6)
        s += (ml * (ulong)__oclc_x_two_over_pi[k0 + j]) & 0xffffffffUL;
    j = 7 - p;
    if (j >= 0 && j <= 6) {
        s += (ml * (ulong)__oclc_x_two_over_pi[k0 + j]) >> 32;
        s += (mh * (ulong)__oclc_x_two_over_pi[k0 + j]) & 0xffffffffUL;
    }
    j = 8 - p;
    if (j >= 0 && j <= 6)
        s += (mh * (ulong)__oclc_x_two_over_pi[k0 + j]) >> 32;
    return s;
}

/// Bits [pos, pos + 64) of the 288-bit number in limbs l[0..8] (l[0] least significant).
ulong __oclc_x_bits64(ulong l0, ulong l1, ulong l2, ulong l3, ulong l4, ulong l5, ulong l6,
                      ulong l7, ulong l8, int pos)
{
    ulong l[9] = {l0, l1, l2, l3, l4, l5, l6, l7, l8};
    int i = pos >> 5;
    int sh = pos & 31;
    ulong a = l[i] | (i + 1 <= 8 ? l[i + 1] << 32 : 0UL);
    ulong c = i + 2 <= 8 ? l[i + 2] : 0UL;
    ulong r = a >> sh;
    if (sh != 0)
        r |= c << (64 - sh);
    return r;
}

/// (rh, rl, q): |x| = rh + rl + q*pi/2 modulo 2*pi with |rh| <= pi/4 (about), for a finite
/// |x| >= 2^19 (Payne-Hanek).
double4 __oclc_x_reduce_ph(double ax)
{
    ulong b = as_ulong(ax);
    int e = (int)(b >> 52) - 1075; // ax = m * 2^e
    ulong m = (b & 0xfffffffffffffUL) | 0x10000000000000UL;
    // The first word whose products are not multiples of 4 (word 0 is zero).
    int k0 = max(((e - 2) >> 5) + 1, 1);
    int s = e - 32 * (k0 - 1); // in [-33, 33]; the value is P * 2^(s - 224)
    ulong mh = m >> 32, ml = m & 0xffffffffUL;
    ulong c = 0UL;
    ulong L0, L1, L2, L3, L4, L5, L6, L7, L8;
    c = __oclc_x_ph_column(mh, ml, k0, 0) + c; L0 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 1) + c; L1 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 2) + c; L2 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 3) + c; L3 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 4) + c; L4 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 5) + c; L5 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 6) + c; L6 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 7) + c; L7 = c & 0xffffffffUL; c >>= 32;
    c = __oclc_x_ph_column(mh, ml, k0, 8) + c; L8 = c & 0xffffffffUL;
    int point = 224 - s; // the binary point's bit position
    int q = (int)(__oclc_x_bits64(L0, L1, L2, L3, L4, L5, L6, L7, L8, point) & 3UL);
    ulong hi = __oclc_x_bits64(L0, L1, L2, L3, L4, L5, L6, L7, L8, point - 64);
    ulong lo = __oclc_x_bits64(L0, L1, L2, L3, L4, L5, L6, L7, L8, point - 128);
    // The fraction of a quarter turn in [-1/2, 1/2): hi:lo as a signed 128-bit number
    // times 2^-128, taken as sign and magnitude (no cancellation in the conversion).
    int negative = (long)hi < 0L;
    if (negative) {
        q = (q + 1) & 3;
        hi = ~hi + (lo == 0UL ? 1UL : 0UL);
        lo = ~lo + 1UL;
    }
    // Three exact pieces: bits 1-53, 54-85 and 86-117 of the magnitude.
    double f1 = (double)(hi >> 11) * 1.1102230246251565e-16;                      // 2^-53
    double f2 = (double)((((hi & 0x7ffUL) << 21) | (lo >> 43))) * 2.5849394142282115e-26; // 2^-85
    double f3 = (double)((lo >> 11) & 0xffffffffUL) * 6.018531076210112e-36;      // 2^-117
    double2 f = __oclc_x_add12(f1, f2);
    f = __oclc_x_fast12(f.x, f.y + f3);
    if (negative)
        f = (double2)(-f.x, -f.y);
    double2 r = __oclc_x_dd_mul(f, (double2)(__OCLC_PIO2H, __OCLC_PIO2L));
    return (double4)(r.x, r.y, (double)q, 0.0);
}

/// (rh, rl, q): x = rh + rl + q*pi/2 modulo 2*pi with |rh| <= pi/4 (about), finite x.
double4 __oclc_x_reduce(double x)
{
    double ax = fabs(x);
    if (ax <= 0.7853981633974483)
        return (double4)(x, 0.0, 0.0, 0.0);
    double4 r;
    if (ax < 524288.0) {
        double n = rint(ax * 0.6366197723675814);
        double t = ax - n * 1.5707963267341256;
        double2 d = __oclc_x_add12(t, -n * 6.077100506303966e-11);
        double2 v = __oclc_x_fast12(d.x, d.y - n * 2.0222662487959506e-21);
        r = (double4)(v.x, v.y, (double)((int)n & 3), 0.0);
    } else {
        r = __oclc_x_reduce_ph(ax);
    }
    if (x < 0.0)
        return (double4)(-r.x, -r.y, (double)((4 - (int)r.z) & 3), 0.0);
    return r;
}

/// sin(rh + rl) for |rh| <= pi/4 + a little (Taylor series to r^27).
double __oclc_x_sink(double rh, double rl)
{
    double z = rh * rh;
    double p = -9.183689863795546e-29;
    p = p * z + 6.446950284384474e-26;
    p = p * z - 3.868170170630684e-23;
    p = p * z + 1.9572941063391263e-20;
    p = p * z - 8.22063524662433e-18;
    p = p * z + 2.8114572543455206e-15;
    p = p * z - 7.647163731819816e-13;
    p = p * z + 1.6059043836821613e-10;
    p = p * z - 2.505210838544172e-08;
    p = p * z + 2.7557319223985893e-06;
    p = p * z - 0.0001984126984126984;
    p = p * z + 0.008333333333333333;
    p = p * z - 0.16666666666666666;
    return rh + (rh * z * p + rl * (1.0 - 0.5 * z));
}

/// cos(rh + rl) for |rh| <= pi/4 + a little (Taylor series to r^26).
double __oclc_x_cosk(double rh, double rl)
{
    double z = rh * rh;
    double p = -2.4795962632247976e-27;
    p = p * z + 1.6117375710961184e-24;
    p = p * z - 8.896791392450574e-22;
    p = p * z + 4.110317623312165e-19;
    p = p * z - 1.5619206968586225e-16;
    p = p * z + 4.779477332387385e-14;
    p = p * z - 1.1470745597729725e-11;
    p = p * z + 2.08767569878681e-09;
    p = p * z - 2.755731922398589e-07;
    p = p * z + 2.48015873015873e-05;
    p = p * z - 0.001388888888888889;
    p = p * z + 0.041666666666666664;
    double2 hz = __oclc_x_mul12(rh, 0.5 * rh);
    double w = 1.0 - hz.x;
    return w + ((((1.0 - w) - hz.x) - hz.y) + (z * z * p - rh * rl));
}

/// sin(r + q*pi/2).
double __oclc_x_sin_q(double rh, double rl, int q)
{
    double v = (q & 1) ? __oclc_x_cosk(rh, rl) : __oclc_x_sink(rh, rl);
    return (q & 2) ? -v : v;
}

/// cos(r + q*pi/2).
double __oclc_x_cos_q(double rh, double rl, int q)
{
    double v = (q & 1) ? __oclc_x_sink(rh, rl) : __oclc_x_cosk(rh, rl);
    return ((q + 1) & 2) ? -v : v;
}

/// tan(r + q*pi/2): sin/cos (or -cos/sin), divided correctly rounded.
double __oclc_x_tan_q(double rh, double rl, int q)
{
    double s = __oclc_x_sink(rh, rl);
    double c = __oclc_x_cosk(rh, rl);
    if (q & 1)
        return -__oclc_fdiv_f64(c, s);
    return __oclc_fdiv_f64(s, c);
}

double __oclc_sin_f64(double x)
{
    if (__oclc_x_nonfinite(x))
        return __OCLC_DNAN;
    if (fabs(x) < 1.4901161193847656e-08)
        return x;
    double4 r = __oclc_x_reduce(x);
    return __oclc_x_sin_q(r.x, r.y, (int)r.z);
}

double __oclc_cos_f64(double x)
{
    if (__oclc_x_nonfinite(x))
        return __OCLC_DNAN;
    double4 r = __oclc_x_reduce(x);
    return __oclc_x_cos_q(r.x, r.y, (int)r.z);
}

double __oclc_tan_f64(double x)
{
    if (__oclc_x_nonfinite(x))
        return __OCLC_DNAN;
    if (fabs(x) < 1.4901161193847656e-08)
        return x;
    double4 r = __oclc_x_reduce(x);
    return __oclc_x_tan_q(r.x, r.y, (int)r.z);
}


/// (rh, rl, q) with pi*x = rh + rl + q*pi/2 modulo 2*pi, |rh| <= pi/4; the reduction is
/// exact (x - n/2 has no rounding), only the product with pi rounds.
double4 __oclc_x_reduce_pi(double x)
{
    double n = rint(2.0 * x);
    double f = x - 0.5 * n;
    double2 r = __oclc_x_dd_mul_d((double2)(__OCLC_PIH, __OCLC_PIL), f);
    // n may exceed int's range: its low two bits from the double.
    double n4 = n - 4.0 * floor(n * 0.25);
    return (double4)(r.x, r.y, n4, f);
}

double __oclc_sinpi_f64(double x)
{
    if (__oclc_x_nonfinite(x))
        return __OCLC_DNAN;
    if (fabs(x) >= 4503599627370496.0 || x == rint(x))
        return __oclc_x_copysign(0.0, x);
    double4 r = __oclc_x_reduce_pi(x);
    double v = __oclc_x_sin_q(r.x, r.y, (int)r.z);
    return v == 0.0 ? __oclc_x_copysign(0.0, x) : v;
}

double __oclc_cospi_f64(double x)
{
    if (__oclc_x_nonfinite(x))
        return __OCLC_DNAN;
    double ax = fabs(x);
    if (ax >= 9007199254740992.0)
        return 1.0;
    double4 r = __oclc_x_reduce_pi(ax);
    if (r.w == 0.0 && ((int)r.z & 1))
        return 0.0;
    return __oclc_x_cos_q(r.x, r.y, (int)r.z);
}

double __oclc_tanpi_f64(double x)
{
    if (__oclc_x_nonfinite(x))
        return __OCLC_DNAN;
    double ax = fabs(x);
    // Integers: zero with the sign of x for even ones, of -x for odd ones.
    if (ax >= 9007199254740992.0)
        return __oclc_x_copysign(0.0, x);
    double4 r = __oclc_x_reduce_pi(ax);
    int q = (int)r.z;
    double v;
    if (r.w == 0.0) {
        // Multiples of 1/2: 0 or an infinity, signed by q's parity and x's sign.
        v = (q & 1) ? __OCLC_DINF : 0.0;
        if (q >= 2)
            v = -v;
    } else {
        v = __oclc_x_tan_q(r.x, r.y, q);
    }
    return (as_ulong(x) >> 63) ? -v : v;
}

// ---------------------------------------------------------------- inverse functions

/// atan(j/8) for j = 0..8 as double-doubles (hi, lo).
__constant double __oclc_x_atan_table[18] = {
    0.0, 0.0,
    0.12435499454676144, -3.1253241424539383e-18,
    0.24497866312686414, 1.0698755618734451e-17,
    0.35877067027057225, -2.4623815582638635e-17,
    0.4636476090008061, 2.2698777452961687e-17,
    0.5585993153435624, -5.4556305485916264e-18,
    0.6435011087932844, 1.5834785051444286e-17,
    0.7188299996216245, -2.1478388444456983e-17,
    0.7853981633974483, 3.061616997868383e-17,
};

/// atan(x) as a double-double for a double-double 0 <= x <= 1: atan(c) + atan(t) with
/// c = j/8 nearest x and t = (x - c) / (1 + x c), |t| <= 1/16 (Taylor series to t^17).
double2 __oclc_x_atan_dd(double2 x)
{
    int j = (int)rint(x.x * 8.0);
    double c = (double)j * 0.125;
    double2 t;
    if (j == 0) {
        t = x;
    } else {
        double2 num = __oclc_x_fast12(x.x - c, x.y); // x.x - c is exact (Sterbenz)
        double2 den = __oclc_x_dd_add((double2)(1.0, 0.0), __oclc_x_dd_mul_d(x, c));
        t = __oclc_x_dd_div(num, den);
    }
    double z = t.x * t.x;
    double p = 0.058823529411764705;
    p = p * z - 0.06666666666666667;
    p = p * z + 0.07692307692307693;
    p = p * z - 0.09090909090909091;
    p = p * z + 0.1111111111111111;
    p = p * z - 0.14285714285714285;
    p = p * z + 0.2;
    p = p * z - 0.3333333333333333;
    // atan(t) = t + t^3 p(t^2), with t's low part's first-order effect.
    double tail = t.x * z * p + t.y * (1.0 - z);
    double2 a = __oclc_x_fast12(t.x, tail);
    double2 base = (double2)(__oclc_x_atan_table[2 * j], __oclc_x_atan_table[2 * j + 1]);
    return __oclc_x_dd_add(base, a);
}

/// atan2(y, x) as a double-double in [0, pi/2] for double-doubles y, x >= 0 of moderate
/// magnitude (not both zero).
double2 __oclc_x_atan2_pos(double2 y, double2 x)
{
    if (y.x <= x.x)
        return __oclc_x_atan_dd(__oclc_x_dd_div(y, x));
    double2 a = __oclc_x_atan_dd(__oclc_x_dd_div(x, y));
    return __oclc_x_dd_add((double2)(__OCLC_PIO2H, __OCLC_PIO2L), (double2)(-a.x, -a.y));
}

/// atan2(y, x) as a double-double for finite or infinite y, x (not NaN), with the
/// magnitudes scaled into a safe range first (a ratio below 2^-60 is y/x itself).
double2 __oclc_x_atan2_dd(double y, double x)
{
    double ay = fabs(y), ax = fabs(x);
    double2 a;
    if (ay == __OCLC_DINF || ax == __OCLC_DINF) {
        double v = ay == __OCLC_DINF ? (ax == __OCLC_DINF ? 0.7853981633974483 : __OCLC_PIO2H)
                                     : 0.0;
        double vl = ay == __OCLC_DINF ? (ax == __OCLC_DINF ? 3.061616997868383e-17 : __OCLC_PIO2L)
                                      : 0.0;
        a = (double2)(v, vl);
    } else if (ay == 0.0) {
        a = (double2)(0.0, 0.0);
    } else if (ax == 0.0) {
        a = (double2)(__OCLC_PIO2H, __OCLC_PIO2L);
    } else {
        int ey = (int)__oclc_x_unpack(ay).y, ex = (int)__oclc_x_unpack(ax).y;
        int k = max(ey, ex);
        if (ey - ex < -60) {
            // atan(y/x) = y/x to far below an ulp.
            a = (double2)(__oclc_fdiv_f64(ay, ax), 0.0);
        } else if (ey - ex > 60) {
            double2 t = (double2)(__oclc_fdiv_f64(ax, ay), 0.0);
            a = __oclc_x_dd_add((double2)(__OCLC_PIO2H, __OCLC_PIO2L), (double2)(-t.x, 0.0));
        } else {
            double sy = __oclc_x_scale(ay, -k), sx = __oclc_x_scale(ax, -k);
            a = __oclc_x_atan2_pos((double2)(sy, 0.0), (double2)(sx, 0.0));
        }
    }
    if (x < 0.0 || (x == 0.0 && (as_ulong(x) >> 63)))
        a = __oclc_x_dd_add((double2)(__OCLC_PIH, __OCLC_PIL), (double2)(-a.x, -a.y));
    if (as_ulong(y) >> 63)
        a = (double2)(-a.x, -a.y);
    return a;
}

/// The double-double d times 1/pi, rounded (scaled so that tiny values keep their bits).
double __oclc_x_over_pi(double2 d)
{
    if (fabs(d.x) < 1e-290) {
        double2 s = (double2)(d.x * 1.2676506002282294e30, d.y * 1.2676506002282294e30);
        double2 r = __oclc_x_dd_mul(s, (double2)(0.3183098861837907, -1.9678676675182486e-17));
        return __oclc_x_scale(r.x + r.y, -100);
    }
    double2 r = __oclc_x_dd_mul(d, (double2)(0.3183098861837907, -1.9678676675182486e-17));
    return r.x + r.y;
}

double __oclc_atan2_f64(double y, double x)
{
    if (x != x || y != y)
        return x + y;
    double2 a = __oclc_x_atan2_dd(y, x);
    return a.x + a.y;
}

double __oclc_atan2pi_f64(double y, double x)
{
    if (x != x || y != y)
        return x + y;
    return __oclc_x_over_pi(__oclc_x_atan2_dd(y, x));
}

double __oclc_atan_f64(double x)
{
    if (x != x)
        return x;
    if (fabs(x) < 1.4901161193847656e-08)
        return x;
    double2 a = __oclc_x_atan2_dd(x, 1.0);
    return a.x + a.y;
}

double __oclc_atanpi_f64(double x)
{
    if (x != x)
        return x;
    return __oclc_x_over_pi(__oclc_x_atan2_dd(x, 1.0));
}

/// sqrt(1 - x^2) as a double-double for |x| <= 1: (1 - |x|)(1 + |x|) in double-double.
double2 __oclc_x_sqrt1mx2(double x)
{
    double ax = fabs(x);
    double2 d = __oclc_x_dd_mul(__oclc_x_add12(1.0, -ax), __oclc_x_add12(1.0, ax));
    if (d.x == 0.0)
        return (double2)(0.0, 0.0);
    return __oclc_x_dd_sqrt(d);
}

/// asin(x) as a double-double for |x| <= 1: atan2(x, sqrt(1 - x^2)).
double2 __oclc_x_asin_dd(double x)
{
    double2 s = __oclc_x_sqrt1mx2(x);
    double2 a;
    if (s.x == 0.0)
        a = (double2)(__OCLC_PIO2H, __OCLC_PIO2L);
    else
        a = __oclc_x_atan2_pos((double2)(fabs(x), 0.0), s);
    return x < 0.0 ? (double2)(-a.x, -a.y) : a;
}

/// acos(x) as a double-double for |x| <= 1: atan2(sqrt(1 - x^2), x).
double2 __oclc_x_acos_dd(double x)
{
    double2 s = __oclc_x_sqrt1mx2(x);
    if (x == 0.0)
        return (double2)(__OCLC_PIO2H, __OCLC_PIO2L);
    if (s.x == 0.0)
        return x > 0.0 ? (double2)(0.0, 0.0) : (double2)(__OCLC_PIH, __OCLC_PIL);
    double2 a = __oclc_x_atan2_pos(s, (double2)(fabs(x), 0.0));
    if (x < 0.0)
        a = __oclc_x_dd_add((double2)(__OCLC_PIH, __OCLC_PIL), (double2)(-a.x, -a.y));
    return a;
}

double __oclc_asin_f64(double x)
{
    if (x != x)
        return x;
    if (fabs(x) > 1.0)
        return __OCLC_DNAN;
    if (fabs(x) < 1.4901161193847656e-08)
        return x;
    double2 a = __oclc_x_asin_dd(x);
    return a.x + a.y;
}

double __oclc_asinpi_f64(double x)
{
    if (x != x)
        return x;
    if (fabs(x) > 1.0)
        return __OCLC_DNAN;
    if (fabs(x) < 1.4901161193847656e-08)
        return __oclc_x_over_pi((double2)(x, 0.0));
    return __oclc_x_over_pi(__oclc_x_asin_dd(x));
}

double __oclc_acos_f64(double x)
{
    if (x != x)
        return x;
    if (fabs(x) > 1.0)
        return __OCLC_DNAN;
    double2 a = __oclc_x_acos_dd(x);
    return a.x + a.y;
}

double __oclc_acospi_f64(double x)
{
    if (x != x)
        return x;
    if (fabs(x) > 1.0)
        return __OCLC_DNAN;
    return __oclc_x_over_pi(__oclc_x_acos_dd(x));
}
