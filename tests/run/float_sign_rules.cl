// RUN: --kernel signs --global 64 --arg f32[64]=randu:31:-3:3 --arg f32[64]=randu:32:-3:3 --arg u32[768]=zeros
// RUN: --kernel signs_vec --global 16 --arg f32x4[16]=randu:33:-8:8 --arg u32[128]=zeros
// The sign rules opt::float_signs relies on (-(-x) = x, fabs(-x) = fabs(x), (-a)*(-b) = a*b,
// (-a)/(-b) = a/b, (-a)*b = -(a*b), a/(-b) = -(a/b)), on ordinary values and on signed zeros,
// infinities and subnormals, written out bit for bit (as_uint) so that -0.0 and 0.0 differ
// (no operation makes a NaN: its sign is unspecified). Every work-item also compares the
// Black-Scholes pattern exp(-0.5 * d * d) and 1 / (1 + k * fabs(d)) for d and -d, which must be
// equal (the library's last bit may differ from PoCL's, the equality may not).
// PoCL computes the same source without oclc's rewrite; the results must match exactly.
constant float special[8] = {0.0f, -0.0f, INFINITY, -INFINITY, 1.0e-40f, -1.0e-40f, 3.0f, -0.5f};
constant float finite[8] = {2.0f, -2.0f, 1.0e-40f, -1.0e-40f, 3.5f, -0.25f, 1.0e30f, -1.0e-30f};

__kernel void signs(__global const float *a, __global const float *b, __global uint *o)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    float s = special[i & 7], t = finite[(i >> 3) & 7];
    __global uint *r = o + 12 * i;
    r[0] = as_uint(-(-x));
    r[1] = as_uint(fabs(-s));
    r[2] = as_uint((-x) * (-y));
    r[3] = as_uint((-s) * (-t));
    r[4] = as_uint((-x) / (-y));
    r[5] = as_uint((-s) / (-t));
    r[6] = as_uint((-s) * t);
    r[7] = as_uint(s / (-t));
    r[8] = as_uint((-x) * y * (-t));
    r[9] = exp(-0.5f * x * x) == exp(-0.5f * (-x) * (-x));
    r[10] = 1.0f / (1.0f + 0.2316419f * fabs(-x)) == 1.0f / (1.0f + 0.2316419f * fabs(x));
    r[11] = as_uint(-(-(-s)) * t);
}

__kernel void signs_vec(__global const float4 *a, __global uint *o)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float4 p = (-x) * (-x.wzyx);
    float4 q = (-x) / x.yzwx;
    __global uint *r = o + 8 * i;
    vstore4(as_uint4(p), 0, r);
    vstore4(as_uint4(q), 1, r);
}
