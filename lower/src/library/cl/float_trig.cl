// Trigonometric functions of oclc's built-in library (float), in single precision only:
// no double anywhere, so Vulkan modules using them need no Float64 capability.
//
// Technique: double-float arithmetic (a value as an unevaluated sum hi + lo of two floats)
// from the toolkit of float_ff.cl (`__oclc_ff_*`: error-free transformations that need
// only correctly rounded float add, sub and mul; no fma, which Vulkan may compute as a
// rounded multiply and add), float division only as a seed that a residual step corrects,
// integer and bit operations. sin/cos/tan reduce their argument
// modulo pi/2 exactly enough for every finite float: Cody-Waite with a five-part pi/2
// (four parts of at most 12 bits, so n * part is exact for n < 2^12, the first two
// subtractions exact, the rest one TwoSum) below 6400, Payne-Hanek with
// 32-bit integer multiplication by the bits of 2/pi above. The kernels are minimax-like
// polynomials fitted to the reduced ranges (coefficients rounded to float). The inverse
// functions but asin and acos share one atan(p/q) core on double-float operands. Private
// helpers are named `__oclc_tr_*`. Measured worst errors (exhaustive over [pi/4, 65536)
// and [2^127, 2^128) for sin/cos/tan, [1/4, 2^23) for the pi forms, [1/4, 1] for
// asinpi/acospi, [1/16, 2^26] for atan; glibc's double functions as reference): sin/cos
// 0.81 ulp, tan 1.06, sinpi/cospi 0.79, tanpi 1.04, asinpi/acospi/atan 0.71 (asin and
// acos: single precision, 1.1, see `__oclc_asin_f32`); the pi forms below 0.9 on random
// inputs; atan2, whose common path is single precision, 2.23 (scripts/float-sweep/sweep2.sh,
// 8 x 16M pairs).

// ---------------------------------------------------------------- multiples of pi

/// pi * x for |x| < 2^-60: scaled up by 2^64 so that the product's error term stays normal,
/// rounded, then scaled back (a denormal result is rounded twice, within 0.5 ulp + 2^-24).
float __oclc_tr_pi_times_tiny(float x)
{
    if (x == 0.0f)
        return x;
    float t = x * 1.8446744073709552e+19f;
    float2 p = __oclc_ff_two_prod(t, 3.1415927410125732f);
    return (p.x + (p.y + t * -8.742277657347586e-08f)) * 5.421010862427522e-20f;
}

/// The float nearest to (v.x + v.y) / pi (tiny v scaled as in `__oclc_tr_pi_times_tiny`).
float __oclc_tr_over_pi(float2 v)
{
    float back = 1.0f;
    if (fabs(v.x) < 8.673617379884035e-19f) {
        v = v * 1.8446744073709552e+19f;
        back = 5.421010862427522e-20f;
    }
    float2 p = __oclc_ff_two_prod(v.x, 0.31830987334251404f);
    return (p.x + (p.y + (v.x * 1.2841276486597053e-08f + v.y * 0.31830987334251404f))) * back;
}

// ---------------------------------------------------------------- argument reduction

/// The bits of 2/pi: 2/pi = sum of word[k] * 2^(-32 k); word 0 is the (zero) integer part.
__constant uint __oclc_two_over_pi_bits[9] = {
    0x00000000u, 0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u,
    0xDB629599u, 0x3C439041u, 0xFE5163ABu, 0xDEBBC561u,
};

/// The high 32 bits of the 64-bit product a * b, from 16-bit halves (no 64-bit integers).
uint __oclc_tr_mul_hi(uint a, uint b)
{
    uint a0 = a & 0xffffu;
    uint a1 = a >> 16;
    uint b0 = b & 0xffffu;
    uint b1 = b >> 16;
    uint p01 = a0 * b1;
    uint p10 = a1 * b0;
    uint mid = ((a0 * b0) >> 16) + (p01 & 0xffffu) + (p10 & 0xffffu);
    return a1 * b1 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
}

/// a << s | b >> (32 - s) for s in 0..31 (the two shifts avoid a shift by 32).
uint __oclc_tr_funnel(uint a, uint b, uint s)
{
    return (a << s) | ((b >> 1) >> (31u - s));
}

/// Cody-Waite reduction of 0 <= ax < 6400: (r.hi, r.lo, n, 0) with ax = r + n * pi/2 and
/// r in about [-pi/4, pi/4] within 2^-61 absolute (the floats below 6400 come no closer
/// than 2^-27.8 to a multiple of pi/2, at 252.898, so r is within 2^-33 relative).
/// pi/2 = C1 + C2 + C3 + C4 + C5 (+ 2^-78): C1 has 12 significant bits down to 2^-11, C2
/// 7 bits down to 2^-24, C3 and C4 12 bits, C5 is a float. With n < 2^12 the products n C1
/// .. n C4 are exact, and the first two subtractions do not round at all: for n >= 1,
/// ax >= pi/4 lies on the 2^-24 grid, as do n C1 and n C2, and the differences stay below 1
/// (n = 0 leaves ax as it is). They are a multiply and a subtraction each, not mad: lavapipe
/// rewrote two mads sharing the factor n into n (C1 + C2), rounding the sum. The rest,
/// n (C3 + C4) as an exact pair plus n C5, is subtracted with TwoSum, so r.hi + r.lo errs
/// only by the rounding of the low terms (below 2^-61).
float4 __oclc_tr_reduce_cw(float ax)
{
    float n = rint(ax * 0.63661975f);
    float t = ax - n * 1.57080078125f;
    t = t - n * -4.470348358154297e-06f;
    float2 p = __oclc_ff_fast_two_sum(n * 1.5890691429376602e-08f, n * 2.5632829192545614e-12f);
    float2 r = __oclc_ff_two_sum(t, -p.x);
    return (float4)(r.x, r.y - mad(n, 6.123234262925839e-17f, p.y), n, 0.0f);
}

/// Payne-Hanek reduction of a finite ax >= 4096: (r.hi, r.lo, q, 0) with ax = r + q * pi/2
/// modulo 2*pi, r in [-pi/4, pi/4] (relative error near 2^-40 even for the floats nearest
/// a multiple of pi/2), q in 0..3.
///
/// ax = m * 2^e with a 24-bit integer m. The words of 2/pi whose products with m are
/// multiples of 4 are skipped; the next four (128 bits) are multiplied by m exactly into
/// five 32-bit words, which are shifted so that the units bit of ax * 2/pi lands at bit
/// 128: two bits above it give the quadrant, 96 below it the fraction.
float4 __oclc_tr_reduce_ph(float ax)
{
    uint bits = as_uint(ax);
    int e = (int)(bits >> 23) - 150;
    uint m = (bits & 0x7fffffu) | 0x800000u;
    int k0 = (e + 30) >> 5;
    uint w0 = __oclc_two_over_pi_bits[k0];
    uint w1 = __oclc_two_over_pi_bits[k0 + 1];
    uint w2 = __oclc_two_over_pi_bits[k0 + 2];
    uint w3 = __oclc_two_over_pi_bits[k0 + 3];
    // p4..p0 = m * (w0 w1 w2 w3), least significant word last.
    uint p0 = m * w3;
    uint h3 = __oclc_tr_mul_hi(m, w3);
    uint l2 = m * w2;
    uint p1 = h3 + l2;
    uint c = p1 < l2 ? 1u : 0u;
    uint h2 = __oclc_tr_mul_hi(m, w2) + c;
    uint l1 = m * w1;
    uint p2 = h2 + l1;
    c = p2 < l1 ? 1u : 0u;
    uint h1 = __oclc_tr_mul_hi(m, w1) + c;
    uint l0 = m * w0;
    uint p3 = h1 + l0;
    c = p3 < l0 ? 1u : 0u;
    uint p4 = __oclc_tr_mul_hi(m, w0) + c;
    // The units bit is bit 96 - (e - 32 k0) of the product: shift left by 32 + e - 32 k0.
    int shift = 32 + e - 32 * k0;
    if (shift >= 32) {
        p4 = p3;
        p3 = p2;
        p2 = p1;
        p1 = p0;
        p0 = 0u;
        shift -= 32;
    }
    uint s = (uint)shift;
    uint q = __oclc_tr_funnel(p4, p3, s) & 3u;
    uint f3 = __oclc_tr_funnel(p3, p2, s);
    uint f2 = __oclc_tr_funnel(p2, p1, s);
    uint f1 = __oclc_tr_funnel(p1, p0, s);
    // A fraction of 1/2 or more counts from the next quadrant: 1 - f, negative.
    int negative = (f3 >> 31) != 0u;
    if (negative) {
        q = (q + 1u) & 3u;
        f1 = ~f1 + 1u;
        uint carry = f1 == 0u ? 1u : 0u;
        f2 = ~f2 + carry;
        carry = (carry != 0u && f2 == 0u) ? 1u : 0u;
        f3 = ~f3 + carry;
    }
    // The fraction in quarter turns as exact 24-bit pieces, summed as a double-float.
    float a = (float)(f3 >> 8) * 5.9604644775390625e-08f;
    float b = (float)(((f3 & 0xffu) << 16) | (f2 >> 16)) * 3.552713678800501e-15f;
    float d = (float)(((f2 & 0xffffu) << 8) | (f1 >> 24)) * 2.117582368135751e-22f;
    float2 f = __oclc_ff_fast_two_sum(a, b);
    f = __oclc_ff_fast_two_sum(f.x, f.y + d);
    // r = f * pi/2.
    float2 p = __oclc_ff_two_prod(f.x, 1.5707963705062866f);
    float lo = p.y + (f.x * -4.371138828673793e-08f + f.y * 1.5707963705062866f);
    float2 r = __oclc_ff_fast_two_sum(p.x, lo);
    if (negative)
        r = -r;
    return (float4)(r.x, r.y, (float)q, 0.0f);
}

/// (r.hi, r.lo, q, 0) with ax = r + q * pi/2 modulo 2*pi, for a finite ax >= 0.
float4 __oclc_tr_reduce(float ax)
{
    if (ax <= 0.78539816f)
        return (float4)(ax, 0.0f, 0.0f, 0.0f);
    if (ax < 6400.0f)
        return __oclc_tr_reduce_cw(ax);
    return __oclc_tr_reduce_ph(ax);
}

// ---------------------------------------------------------------- kernels on [-pi/4, pi/4]

/// sin(r) for the double-float r = rh + rl, |r| <= pi/4 (plus a little), as an
/// unnormalized double-float (rh, lo): r + r^3 P(r^2).
float2 __oclc_tr_sin_kernel(float rh, float rl)
{
    float z = rh * rh;
    float p = mad(z, 2.7249373033555457e-06f, -0.00019840081222355366f);
    p = mad(z, p, 0.008333331905305386f);
    p = mad(z, p, -0.1666666716337204f);
    // rl's share is rl * cos(r), cos(r) ~ 1 - z/2.
    return (float2)(rh, (rl - 0.5f * z * rl) + rh * z * p);
}

/// cos(r) for the double-float r = rh + rl, |r| <= pi/4 (plus a little), as an
/// unnormalized double-float: 1 - r^2/2 + r^4 Q(r^2), the subtraction kept exact.
float2 __oclc_tr_cos_kernel(float rh, float rl)
{
    float z = rh * rh;
    float hz = 0.5f * z;
    float w = 1.0f - hz;
    float err = (1.0f - w) - hz;
    float p = mad(z, -2.7300657734485867e-07f, 2.4800598112051375e-05f);
    p = mad(z, p, -0.00138888880610466f);
    p = mad(z, p, 0.0416666679084301f);
    return (float2)(w, (err - rh * rl) + z * z * p);
}

/// sin(r + q * pi/2) for rq = (r.hi, r.lo, q, _).
float __oclc_tr_sin_quadrant(float4 rq)
{
    int q = (int)rq.z;
    float2 v = (q & 1) ? __oclc_tr_cos_kernel(rq.x, rq.y) : __oclc_tr_sin_kernel(rq.x, rq.y);
    float s = v.x + v.y;
    return (q & 2) ? -s : s;
}

/// cos(r + q * pi/2) for rq = (r.hi, r.lo, q, _).
float __oclc_tr_cos_quadrant(float4 rq)
{
    int q = (int)rq.z;
    float2 v = (q & 1) ? __oclc_tr_sin_kernel(rq.x, rq.y) : __oclc_tr_cos_kernel(rq.x, rq.y);
    float c = v.x + v.y;
    return ((q + 1) & 2) ? -c : c;
}

/// tan(r + q * pi/2) for rq = (r.hi, r.lo, q, _): sin/cos or -cos/sin as double-floats.
float __oclc_tr_tan_quadrant(float4 rq)
{
    int q = (int)rq.z;
    float2 s = __oclc_ff_norm(__oclc_tr_sin_kernel(rq.x, rq.y));
    float2 c = __oclc_ff_norm(__oclc_tr_cos_kernel(rq.x, rq.y));
    if (q & 1) {
        float2 t = __oclc_ff_div(c, s);
        return -(t.x + t.y);
    }
    float2 t = __oclc_ff_div(s, c);
    return t.x + t.y;
}

/// tan(r + q * pi/2) for rq = (r.hi, r.lo, q, _), the fast path's quotient: the sine and
/// cosine kernels as normalized double-floats N, D (numerator and denominator: s, c or
/// c, -s), the device's reciprocal y of D.hi (Vulkan: 2.5 ulp) seeding t = N.hi y, and one
/// correction from the residual r = N - t D = mad(-t, D.hi, N.hi) + (N.lo - t D.lo):
/// t' = t + r y. With t = (N/D)(1 + e) (|e| <= 2^-21 even for a seed twice worse than
/// documented), t' = (N/D)(1 + e e' + ...) where e' is y's error: the step's own error is
/// below 2^-40 relative. The residual's mad is exact where it fuses; a rounded multiply
/// and add instead errs by half an ulp of N.hi, which moves t' by half an ulp. With the
/// kernels' errors (2^-27 relative) and the final rounding (half an ulp, and half more for
/// an unfused last mad) the result is within 1.6 ulp on any conforming driver (OpenCL: 5
/// ulp; measured 1.47 on lavapipe, tests/vulkan_math_ulp.rs). Cheaper than
/// `__oclc_tr_tan_quadrant`'s exact product, which the path above 6400 keeps.
float __oclc_tr_tan_fast(float4 rq)
{
    float2 s = __oclc_ff_norm(__oclc_tr_sin_kernel(rq.x, rq.y));
    float2 c = __oclc_ff_norm(__oclc_tr_cos_kernel(rq.x, rq.y));
    int odd = ((int)rq.z) & 1;
    float2 n = odd ? c : s;
    float2 d = odd ? -s : c;
    float y = 1.0f / d.x;
    float t = n.x * y;
    float r = mad(-t, d.x, n.x) + (n.y - t * d.y);
    return mad(r, y, t);
}

// ---------------------------------------------------------------- sin, cos, tan

// Fast path, |x| < 6400 (one comparison; NaN and infinities fail it): Cody-Waite
// reduction straight away (exact for these n, and the identity for |x| <= pi/4, where
// n = 0), the kernels, and the sign from x's sign bit (so sin(-0) = -0 without a
// canonicalisation; a denormal x on a flushing device gives x or its zero, both allowed).
// The same operations as the full path below, so the same error bounds; only the special
// cases and the 3-way choice of reduction are skipped. Elsewhere: specials, tiny x,
// Payne-Hanek.

float __oclc_sin_f32(float x)
{
    if (fabs(x) < 6400.0f) {
        float v = __oclc_tr_sin_quadrant(__oclc_tr_reduce_cw(fabs(x)));
        return as_float(as_uint(v) ^ (as_uint(x) & 0x80000000u));
    }
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    float ax = fabs(x);
    if (ax < 1e-30f)
        return x;
    float v = __oclc_tr_sin_quadrant(__oclc_tr_reduce(ax));
    return x < 0.0f ? -v : v;
}

float __oclc_cos_f32(float x)
{
    if (fabs(x) < 6400.0f)
        return __oclc_tr_cos_quadrant(__oclc_tr_reduce_cw(fabs(x)));
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    return __oclc_tr_cos_quadrant(__oclc_tr_reduce(fabs(x)));
}

float __oclc_tan_f32(float x)
{
    if (fabs(x) < 6400.0f) {
        float v = __oclc_tr_tan_fast(__oclc_tr_reduce_cw(fabs(x)));
        return as_float(as_uint(v) ^ (as_uint(x) & 0x80000000u));
    }
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    float ax = fabs(x);
    if (ax < 1e-30f)
        return x;
    float v = __oclc_tr_tan_quadrant(__oclc_tr_reduce(ax));
    return x < 0.0f ? -v : v;
}

// ---------------------------------------------------------------- sinpi, cospi, tanpi

/// (r.hi, r.lo, q, 0) with |x| = f + q/2 exactly (f in [-1/4, 1/4]) and r = pi * f as a
/// double-float, for finite ax = |x| < 2^23.
float4 __oclc_tr_reduce_pi(float ax)
{
    float n = rint(ax * 2.0f);
    float f = ax - n * 0.5f;
    float2 p = __oclc_ff_two_prod(f, 3.1415927410125732f);
    float2 r = __oclc_ff_fast_two_sum(p.x, p.y + f * -8.742277657347586e-08f);
    return (float4)(r.x, r.y, (float)((int)n & 3), 0.0f);
}

float __oclc_sinpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return __oclc_qnan_f32();
    float ax = fabs(x);
    if (ax >= 8388608.0f)
        return __oclc_copysign_f32(0.0f, x);
    if (ax < 8.673617379884035e-19f)
        return __oclc_tr_pi_times_tiny(x);
    float v = __oclc_tr_sin_quadrant(__oclc_tr_reduce_pi(ax));
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
    float v = __oclc_tr_cos_quadrant(__oclc_tr_reduce_pi(ax));
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
    if (ax < 8.673617379884035e-19f)
        return __oclc_tr_pi_times_tiny(x);
    float4 rq = __oclc_tr_reduce_pi(ax);
    int q = (int)rq.z;
    if (rq.x == 0.0f) {
        // x is a multiple of 1/2: zeros (signed by the parity of x) and poles.
        if (q == 0)
            return __oclc_copysign_f32(0.0f, x);
        if (q == 2)
            return __oclc_copysign_f32(0.0f, -x);
        return q == 1 ? sign * INFINITY : -sign * INFINITY;
    }
    return sign * __oclc_tr_tan_quadrant(rq);
}

// ---------------------------------------------------------------- inverse functions

/// atan(p / q) for double-floats p, q >= 0, not both zero, the larger at most 2^66 (and
/// the numerator of the reduced ratio normal, for full accuracy), as an unnormalized
/// double-float. The ratio is reduced to
/// |u| <= tan(pi/8): u = p/q (base 0), u = (p - q)/(p + q) (base pi/4) or u = -q/p (base
/// pi/2), then atan(u) = u + u^3 A(u^2).
float2 __oclc_tr_atan_ratio(float2 p, float2 q)
{
    float2 num = p;
    float2 den = q;
    float bh = 0.0f;
    float bl = 0.0f;
    if (p.x > 2.4142137f * q.x) {
        num = -q;
        den = p;
        bh = 1.5707963705062866f;
        bl = -4.371138828673793e-08f;
    } else if (p.x > 0.41421357f * q.x) {
        num = __oclc_ff_two_sum(p.x, -q.x);
        num.y = num.y + (p.y - q.y);
        den = __oclc_ff_two_sum(p.x, q.x);
        den.y = den.y + (p.y + q.y);
        bh = 0.7853981852531433f;
        bl = -2.1855694143368964e-08f;
    }
    float2 u = __oclc_ff_div(num, __oclc_ff_norm(den));
    float z = u.x * u.x;
    float a = mad(z, 0.05045834556221962f, -0.08623683452606201f);
    a = mad(z, a, 0.11071214824914932f);
    a = mad(z, a, -0.1428414136171341f);
    a = mad(z, a, 0.19999976456165314f);
    a = mad(z, a, -0.3333333432674408f);
    // u.y's share is u.y / (1 + u^2) ~ u.y (1 - z).
    float lo = (u.y - z * u.y) + u.x * z * a;
    float2 s = __oclc_ff_two_sum(bh, u.x);
    return (float2)(s.x, s.y + (bl + lo));
}

/// atan(|y| / |x|) for finite nonzero floats, as an unnormalized double-float: both are
/// scaled by a power of two (which leaves the ratio unchanged) so that the larger lies in
/// [2^64, 2^65): the smaller is then normal unless the ratio is below 2^-190, and the
/// residual of the core's division stays exact.
float2 __oclc_tr_atan_abs(float y, float x)
{
    float ay = fabs(y);
    float ax = fabs(x);
    float big = fmax(ay, ax);
    if (big < 1e-30f) {
        ay = ay * 1.8446744073709552e+19f;
        ax = ax * 1.8446744073709552e+19f;
        big = big * 1.8446744073709552e+19f;
    }
    int k = 64 - ((int)(as_uint(big) >> 23) - 127);
    int k1 = k >> 1;
    float s1 = as_float((uint)(k1 + 127) << 23);
    float s2 = as_float((uint)(k - k1 + 127) << 23);
    return __oclc_tr_atan_ratio((float2)(ay * s1 * s2, 0.0f), (float2)(ax * s1 * s2, 0.0f));
}

/// sqrt(1 - a^2) for 0 <= a <= 1, as a double-float: 1 - a^2 is exact as a double-float,
/// its square root seeded by native_rsqrt and corrected by one exact residual.
float2 __oclc_tr_sqrt_one_minus_sq(float a)
{
    float2 sq = __oclc_ff_two_prod(a, a);
    float2 w = __oclc_ff_two_sum(1.0f, -sq.x);
    w.y = w.y - sq.y;
    if (w.x <= 0.0f)
        return (float2)(0.0f, 0.0f);
    float y = native_rsqrt(w.x);
    float s = w.x * y;
    float2 ss = __oclc_ff_two_prod(s, s);
    float res = ((w.x - ss.x) - ss.y) + w.y;
    return (float2)(s, res * (0.5f * y));
}

/// atan2(y, x) as an unnormalized double-float for canonical operands, with C99's special
/// values (NaN where an operand is NaN).
float2 __oclc_tr_atan2(float y, float x)
{
    if (x != x || y != y)
        return (float2)(__oclc_qnan_f32(), 0.0f);
    int xneg = as_uint(x) >> 31;
    float2 a;
    if (y == 0.0f) {
        a = xneg ? (float2)(3.1415927410125732f, -8.742277657347586e-08f) : (float2)(0.0f, 0.0f);
    } else if (x == 0.0f) {
        a = (float2)(1.5707963705062866f, -4.371138828673793e-08f);
    } else if (__oclc_nonfinite_f32(y)) {
        if (__oclc_nonfinite_f32(x))
            a = xneg ? (float2)(2.356194496154785f, 1.7484555314695172e-08f)
                     : (float2)(0.7853981852531433f, -2.1855694143368964e-08f);
        else
            a = (float2)(1.5707963705062866f, -4.371138828673793e-08f);
    } else if (__oclc_nonfinite_f32(x)) {
        a = xneg ? (float2)(3.1415927410125732f, -8.742277657347586e-08f) : (float2)(0.0f, 0.0f);
    } else {
        a = __oclc_tr_atan_abs(y, x);
        if (xneg) {
            float2 d = __oclc_ff_two_sum(3.1415927410125732f, -a.x);
            a = (float2)(d.x, d.y + (-8.742277657347586e-08f - a.y));
        }
    }
    return (as_uint(y) >> 31) ? -a : a;
}

float __oclc_atan_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    float ax = fabs(x);
    // Above 2^26, pi/2 - 1/ax rounds to the float nearest pi/2 (infinities included).
    float r = 1.5707963705062866f;
    if (ax <= 67108864.0f) {
        float2 a = __oclc_tr_atan_ratio((float2)(ax, 0.0f), (float2)(1.0f, 0.0f));
        r = a.x + a.y;
    }
    return __oclc_copysign_f32(r, x);
}

float __oclc_atanpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    float ax = fabs(x);
    float r = 0.5f;
    if (ax <= 67108864.0f)
        r = __oclc_tr_over_pi(__oclc_tr_atan_ratio((float2)(ax, 0.0f), (float2)(1.0f, 0.0f)));
    return __oclc_copysign_f32(r, x);
}

/// atan(t) for t in [0, 1], in single precision: t + t^3 P(t^2) with P a minimax fit for
/// the relative error (2^-25.8 with exact coefficients, checked against glibc's atan with the
/// float coefficients below).
float __oclc_tr_atan_unit(float t)
{
    float z = t * t;
    float p = mad(z, 2.920692554e-03f, -1.636792906e-02f);
    p = mad(z, p, 4.321186244e-02f);
    p = mad(z, p, -7.552214712e-02f);
    p = mad(z, p, 1.066600457e-01f);
    p = mad(z, p, -1.421105564e-01f);
    p = mad(z, p, 1.999377310e-01f);
    p = mad(z, p, -3.333315253e-01f);
    return mad(t * z, p, t);
}

// atan2's fast path, where |y| and |x| lie in [2^-126, 2^126) (two unsigned comparisons
// on the bits; NaNs, infinities, zeros and denormals fail them), in single precision. (A
// denormal smaller operand would make an unfused residual below lose its relative
// precision.) The ratio t = min/max in [0, 1] is the device's reciprocal of the larger (2.5
// ulp on Vulkan, normal and finite in this range) times the smaller, corrected by one
// residual step t' = t + (min - t max) / max: within 0.5 ulp + 2^-40 relative where mad
// fuses, within 1.5 ulp where it is a rounded multiply and add (the residual's product
// then errs by half an ulp of min). atan(t) from `__oclc_tr_atan_unit` (0.3 ulp, plus the
// evaluation's roundings) is placed in its octant as b.hi + (b.lo +- a) with b = 0, pi/2
// or pi as a hi/lo pair: where b != 0 the result is at least pi/4 >= |a|, so the inner
// sum errs by half an ulp of the result at most and the outer rounding adds half an ulp.
// Worst case: the base-0 octant, about 1 ulp (fused) or 2 (unfused) from the quotient,
// the polynomial and the final rounding (OpenCL: 6 ulp; a C model of this path over 20M
// random pairs: 1.72 ulp fused, 2.19 unfused, 2.31 unfused with a reciprocal 2 ulp off).
// y's sign is applied to the bits. The slow path is the double-float `__oclc_tr_atan2`
// with all special cases.
float __oclc_atan2_f32(float y, float x)
{
    uint ux = as_uint(x) & 0x7fffffffu;
    uint uy = as_uint(y) & 0x7fffffffu;
    if (max(ux, uy) < 0x7e800000u && min(ux, uy) >= 0x00800000u) {
        int swap = uy > ux;
        float num = as_float(swap ? ux : uy);
        float den = as_float(swap ? uy : ux);
        float rcp = 1.0f / den;
        float q = num * rcp;
        float a = __oclc_tr_atan_unit(mad(mad(-q, den, num), rcp, q));
        int xneg = (int)(as_uint(x) >> 31);
        float bh = swap ? 1.5707963705062866f : (xneg ? 3.1415927410125732f : 0.0f);
        float bl = swap ? -4.371138828673793e-08f : (xneg ? -8.742277657347586e-08f : 0.0f);
        float r = bh + (bl + ((swap != xneg) ? -a : a));
        return as_float(as_uint(r) ^ (as_uint(y) & 0x80000000u));
    }
    float2 a = __oclc_tr_atan2(__oclc_canon_f32(y), __oclc_canon_f32(x));
    float r = a.x + a.y;
    // Keep the sign of an exact zero (atan2(-0, 1) = -0).
    return r == 0.0f ? a.x : r;
}

float __oclc_atan2pi_f32(float y, float x)
{
    float2 a = __oclc_tr_atan2(__oclc_canon_f32(y), __oclc_canon_f32(x));
    if (a.x == 0.0f || a.x != a.x)
        return a.x;
    float r = __oclc_tr_over_pi(a);
    return r == 0.0f ? __oclc_copysign_f32(0.0f, a.x) : r;
}

/// asin(|x|) for |x| <= 1, as a double-float: atan(|x| / sqrt(1 - x^2)).
float2 __oclc_tr_asin_abs(float x)
{
    float ax = fabs(x);
    return __oclc_tr_atan_ratio((float2)(ax, 0.0f), __oclc_tr_sqrt_one_minus_sq(ax));
}

/// acos(x) for |x| <= 1, as a double-float: atan(sqrt(1 - x^2) / |x|), from pi for x < 0.
float2 __oclc_tr_acos(float x)
{
    float ax = fabs(x);
    float2 a = __oclc_tr_atan_ratio(__oclc_tr_sqrt_one_minus_sq(ax), (float2)(ax, 0.0f));
    if (x < 0.0f) {
        float2 d = __oclc_ff_two_sum(3.1415927410125732f, -a.x);
        a = (float2)(d.x, d.y + (-8.742277657347586e-08f - a.y));
    }
    return a;
}

/// (asin(a) - a) / a^3 as a polynomial in z = a^2 for z in [0, 1/4] (a <= 1/2): a
/// Chebyshev interpolant of degree 5, 6.2e-8 relative with the float coefficients below.
float __oclc_tr_asin_poly(float z)
{
    float p = mad(z, 3.369084746e-02f, 1.714923792e-02f);
    p = mad(z, p, 3.110066243e-02f);
    p = mad(z, p, 4.459940270e-02f);
    p = mad(z, p, 7.500094175e-02f);
    return mad(z, p, 1.666666567e-01f);
}

// asin and acos, in single precision for every |x| <= 1. Up to |x| = 1/2, z = x^2 and
// a = x; above, the identities asin(|x|) = pi/2 - 2 asin(s) and acos(|x|) = 2 asin(s) with
// s = sqrt(z), z = (1 - |x|)/2 (1 - |x| is exact by Sterbenz's lemma; z >= 2^-25 or 0),
// and acos(-|x|) = pi - acos(|x|). In both ranges asin(a) = a + t with
// t = a z p(z), where |t| <= 0.046 |a|, so t's roundings and p's 6.2e-8 stay far below
// an ulp of the result. The differences from pi/2 and pi are evaluated as
// d = c_hi - 2a, e = (c_hi - d) - 2a (exact: Fast2Sum, 2a exact, c_hi >= 2a), and
// d + (e + (c_lo - 2t)), so the only roundings that count are the last one and s's error,
// doubled: with the library's square root (0.51 ulp where mad fuses) a C model of these
// steps over every float in [-1, 1] measured 1.10 ulp for asin and 1.12 for acos, fused or
// unfused; with `__oclc_sqrt_f32`'s 1.6-ulp bound on a driver whose mad does not fuse, the
// argument above gives below 2.3 (OpenCL: 4 for both). Products and sums rounding once each
// are all this needs: no fma, no double-float steps.
float __oclc_asin_f32(float x)
{
    x = __oclc_canon_f32(x);
    float ax = fabs(x);
    if (!(ax <= 1.0f))
        return __oclc_qnan_f32();
    int big = ax > 0.5f;
    float z = big ? 0.5f * (1.0f - ax) : ax * ax;
    float a = big ? __oclc_sqrt_f32(z) : ax;
    float t = (a * z) * __oclc_tr_asin_poly(z);
    float d = 1.5707963705062866f - 2.0f * a;
    float e = (1.5707963705062866f - d) - 2.0f * a;
    float r = big ? d + (e + (-4.371138828673793e-08f - 2.0f * t)) : a + t;
    return __oclc_copysign_f32(r, x);
}

float __oclc_asinpi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (!(fabs(x) <= 1.0f))
        return __oclc_qnan_f32();
    if (x == 0.0f)
        return x;
    return __oclc_copysign_f32(__oclc_tr_over_pi(__oclc_tr_asin_abs(x)), x);
}

/// See `__oclc_asin_f32`: up to |x| = 1/2 pi/2 - asin(x) as pi/2_hi - (x + (t - pi/2_lo)) (a
/// result of at least 1.047, so the inner sum's rounding is a quarter ulp of it at most).
float __oclc_acos_f32(float x)
{
    x = __oclc_canon_f32(x);
    float ax = fabs(x);
    if (!(ax <= 1.0f))
        return __oclc_qnan_f32();
    int big = ax > 0.5f;
    float z = big ? 0.5f * (1.0f - ax) : ax * ax;
    float a = big ? __oclc_sqrt_f32(z) : x;
    float t = (a * z) * __oclc_tr_asin_poly(z);
    if (!big)
        return 1.5707963705062866f - (a + (t + 4.371138828673793e-08f));
    if (x > 0.0f)
        return 2.0f * (a + t);
    float d = 3.1415927410125732f - 2.0f * a;
    float e = (3.1415927410125732f - d) - 2.0f * a;
    return d + (e + (-8.742277657347586e-08f - 2.0f * t));
}

float __oclc_acospi_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (!(fabs(x) <= 1.0f))
        return __oclc_qnan_f32();
    return __oclc_tr_over_pi(__oclc_tr_acos(x));
}
