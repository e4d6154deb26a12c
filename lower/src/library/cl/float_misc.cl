// Exact and nearly exact float functions of oclc's built-in library: rounding, remainders,
// sign and magnitude selection, exponent manipulation, hypot and smoothstep. No double:
// remainders and exponent changes work on the bits with integer arithmetic, hypot and
// smoothstep use float_ff.cl's float-float toolkit.

float __oclc_round_f32(float x)
{
    x = __oclc_canon_f32(x);
    float t = trunc(x);
    if (fabs(x - t) >= 0.5f)
        t = t + __oclc_copysign_f32(1.0f, x);
    return t;
}

/// |x|'s bit pattern a (nonzero, finite) as (m, e): a 24-bit mantissa with bit 23 set and
/// an exponent such that |x| = m * 2^(e - 150); denormals get exponents below 1.
int2 __oclc_mi_unpack(uint a)
{
    int e = (int)(a >> 23);
    if (e != 0)
        return (int2)((int)((a & 0x7fffffu) | 0x800000u), e);
    // The float conversion of a < 2^23 is exact; its exponent locates the leading bit.
    int z = 150 - (int)(as_uint((float)a) >> 23);
    return (int2)((int)(a << (uint)z), 1 - z);
}

/// The bit pattern of m * 2^(e - 150) for m < 2^25 whose value is a float (normal or
/// denormal: no rounding happens).
uint __oclc_mi_pack(uint m, int e)
{
    if (m == 0u)
        return 0u;
    int lead = (int)(as_uint((float)m) >> 23) - 127;
    if (lead > 23)
        m >>= (uint)(lead - 23);
    else
        m <<= (uint)(23 - lead);
    e += lead - 23;
    if (e > 0)
        return ((uint)e << 23) | (m & 0x7fffffu);
    return 1 - e > 24 ? 0u : m >> (uint)(1 - e);
}

/// The exact remainder of |x| / |y| and the quotient's parity for finite nonzero bit
/// patterns ax, ay with ax >= ay / 2: (r, odd) with r = |x| - q |y| (q = trunc(|x| / |y|)) as
/// a mantissa in units of 2^(ey - 151), ey as `__oclc_mi_unpack` gives it. The long
/// division takes 8 quotient bits per step with 32-bit integer division.
int2 __oclc_mi_divrem(int2 x, int2 y)
{
    uint my = (uint)y.x;
    if (x.y < y.y)
        return (int2)(x.x, 0); // |x| in [|y| / 2, |y|): already in half units
    uint m = (uint)x.x;
    uint q = m / my;
    m = m - q * my;
    for (int d = x.y - y.y; d > 0; d -= 8) {
        uint s = (uint)min(d, 8);
        uint t = m << s;
        q = t / my;
        m = t - q * my;
    }
    return (int2)((int)(m << 1), (int)(q & 1u));
}

/// fmod, exact: integer long division of the mantissas (the quotient is never formed).
float __oclc_fmod_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    uint ax = as_uint(x) & 0x7fffffffu;
    uint ay = as_uint(y) & 0x7fffffffu;
    if (ay == 0u || ax >= 0x7f800000u || ay > 0x7f800000u)
        return __oclc_qnan_f32();
    if (ax < ay)
        return x;
    int2 uy = __oclc_mi_unpack(ay);
    int2 r = __oclc_mi_divrem(__oclc_mi_unpack(ax), uy);
    uint sign = as_uint(x) & 0x80000000u;
    return as_float(__oclc_mi_pack((uint)r.x, uy.y - 1) | sign);
}

/// IEEE remainder, exact: x - n y with n the integer nearest x / y (ties to even), from the
/// same long division as fmod.
float __oclc_remainder_f32(float x, float y)
{
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    uint ax = as_uint(x) & 0x7fffffffu;
    uint ay = as_uint(y) & 0x7fffffffu;
    if (ay == 0u || ax >= 0x7f800000u || ay > 0x7f800000u)
        return __oclc_qnan_f32();
    if (ay == 0x7f800000u || ax == 0u)
        return x;
    int2 ux = __oclc_mi_unpack(ax);
    int2 uy = __oclc_mi_unpack(ay);
    if (ux.y < uy.y - 1)
        return x; // |x| < |y| / 2
    int2 r = __oclc_mi_divrem(ux, uy);
    uint m = (uint)r.x;
    uint my = (uint)uy.x;
    uint sign = as_uint(x) & 0x80000000u;
    // In half units |y| is 2 my: the remainder exceeds |y| / 2 where m > my.
    if (m > my || (m == my && r.y != 0)) {
        m = 2u * my - m;
        sign ^= 0x80000000u;
    }
    return as_float(__oclc_mi_pack(m, uy.y - 1) | sign);
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

/// x * 2^n correctly rounded, on the bits: the exponent moves, and results below the
/// normal range round to nearest even as they shift into a denormal.
float __oclc_ldexp_f32(float x, int n)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    uint sign = as_uint(x) & 0x80000000u;
    int2 u = __oclc_mi_unpack(as_uint(x) & 0x7fffffffu);
    uint m = (uint)u.x;
    int e = u.y + min(max(n, -400), 400);
    if (e >= 255)
        return as_float(sign | 0x7f800000u);
    if (e > 0)
        return as_float(sign | ((uint)e << 23) | (m & 0x7fffffu));
    uint s = (uint)(1 - e);
    if (s > 25u)
        return as_float(sign);
    uint q = m >> s;
    uint rest = m & ((1u << s) - 1u);
    uint mid = 1u << (s - 1u);
    if (rest > mid || (rest == mid && (q & 1u) != 0u))
        q += 1u;
    return as_float(sign | q);
}

int __oclc_ilogb_f32(float x)
{
    x = __oclc_canon_f32(x);
    uint ax = as_uint(x) & 0x7fffffffu;
    if (ax == 0u)
        return -2147483647 - 1;
    if (ax >= 0x7f800000u)
        return 2147483647;
    return __oclc_mi_unpack(ax).y - 127;
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

/// sqrt(x^2 + y^2) within OpenCL's 4 ulp.
///
/// Fast path, when the larger magnitude is in [2^-50, 2^49] (one unsigned comparison pair
/// on the bits; inf and NaN fail it): h = mad(x, x, y * y) and `__oclc_sqrt_f32(h)`. Error:
/// y * y rounds (relative 2^-24) or, below 2^-126, may flush (absolute 2^-126, relative to
/// h >= 2^-100 at most 2^-26); the mad rounds once where it fuses and twice where Vulkan
/// splits it; so h = (x^2 + y^2)(1 + e) with |e| <= 3 * 2^-24 + 2^-26, and sqrt(h) is
/// within |e| / 2 < 1.7 * 2^-24 of the true root: under 1.7 ulp. h lies in [2^-100, 2^100],
/// where `__oclc_sqrt_f32` adds at most 1.6 ulp on any conforming driver (0.51 where mad
/// fuses): under 3.3 ulp in all, about 1.1 where mad fuses (NVIDIA; measured:
/// tests/vulkan_math_ulp.rs). On the H100 the exact path alone ran `a + hypot(b, c)` over
/// 64M floats at 0.88 of NVIDIA's OpenCL (bench/results/gpu-loop-form.txt).
///
/// Elsewhere, within about half an ulp: the larger operand is scaled to [1, 2) (the
/// smaller one with it, exactly, on the bits), the squares summed as a float-float and
/// rooted with a correction step, and the result scaled back.
float __oclc_hypot_f32(float x, float y)
{
    uint big_bits = max(as_uint(x) & 0x7fffffffu, as_uint(y) & 0x7fffffffu);
    if (big_bits >= 0x26800000u && big_bits <= 0x58000000u)
        return __oclc_sqrt_f32(mad(x, x, y * y));
    x = __oclc_canon_f32(x);
    y = __oclc_canon_f32(y);
    if (fabs(x) == INFINITY || fabs(y) == INFINITY)
        return INFINITY;
    if (x != x || y != y)
        return __oclc_qnan_f32();
    uint ax = as_uint(x) & 0x7fffffffu;
    uint ay = as_uint(y) & 0x7fffffffu;
    uint big = max(ax, ay);
    uint small = min(ax, ay);
    if (small == 0u)
        return as_float(big);
    int2 ub = __oclc_mi_unpack(big);
    int2 us = __oclc_mi_unpack(small);
    int d = ub.y - us.y;
    if (d > 13)
        return as_float(big); // (small / big)^2 / 2 < 2^-27: rounds to big
    float b = as_float(0x3f800000u | ((uint)ub.x & 0x7fffffu));
    float s = as_float(((uint)(127 - d) << 23) | ((uint)us.x & 0x7fffffu));
    float2 b2 = __oclc_ff_two_prod(b, b);
    float2 s2 = __oclc_ff_two_prod(s, s);
    float2 sum = __oclc_ff_fast_two_sum(b2.x, s2.x);
    float r = __oclc_ff_sqrt(sum.x, sum.y + (b2.y + s2.y));
    return __oclc_ff_scale(r, ub.y - 127);
}

/// Hermite interpolation; t = (x - e0) / (e1 - e0) from the exact differences (TwoSum) and
/// a division corrected on the exact residual, so that t is within about half an ulp.
float __oclc_smoothstep_f32(float e0, float e1, float x)
{
    e0 = __oclc_canon_f32(e0);
    e1 = __oclc_canon_f32(e1);
    x = __oclc_canon_f32(x);
    if (fmax(fabs(x), fmax(fabs(e0), fabs(e1))) > 0x1p125f) {
        // Scaled down (exactly at these magnitudes) so that the differences stay finite.
        e0 *= 0x1p-4f;
        e1 *= 0x1p-4f;
        x *= 0x1p-4f;
    }
    float2 w = __oclc_ff_two_sum(e1, -e0);
    float2 v = __oclc_ff_two_sum(x, -e0);
    float t;
    if (!(w.x > 0.0f) || __oclc_nonfinite_f32(w.x))
        t = v.x / w.x;
    else if (!(v.x > 0.0f))
        t = 0.0f;
    else if (v.x >= w.x)
        t = 1.0f;
    else {
        // 0 < v < w: bring w into [1, 2) so that the division is in range.
        int k = clamp((int)((as_uint(w.x) >> 23) & 0xffu) - 127, -126, 126);
        float sc = __oclc_ff_pow2i(-k);
        float wh = w.x * sc;
        float vh = v.x * sc;
        float q = vh / wh;
        float2 p = __oclc_ff_two_prod(q, wh);
        float r = (((vh - p.x) - p.y) + v.y * sc) - q * (w.y * sc);
        t = q + r / wh;
    }
    t = fmin(fmax(t, 0.0f), 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
