// RUN: --kernel ptr_outs --global 64 --local 16 --arg f32[64]=randu:201:-50:50 --arg f32[64]=randu:202:-9:9 --arg f32[512]=zeros --arg i32[256]=zeros
// RUN: --kernel exact_ops --global 64 --local 16 --arg f32[64]=randu:203:-50:50 --arg f32[64]=randu:204:-9:9 --arg f32[1024]=zeros --arg i32[128]=zeros
// RUN: --kernel exact_vec --global 32 --local 8 --arg f32x4[32]=randu:205:-20:20 --arg f32x4[32]=randu:206:-5:5 --arg f32x4[256]=zeros --arg i32x4[64]=zeros
// TOLERANCE: 0 0
// Math built-ins whose results are exact (no rounding), so oclc must match PoCL bit for bit
// (signs of zero and of NaN aside): fract/modf/frexp/remquo with pointer outputs (private,
// __global and __local), ldexp, ilogb, logb, nextafter, fdim, maxmag/minmag, copysign,
// fmod, remainder, the rounding functions, fmin/fmax with NaN. Inputs mix random values
// with zeros, halves, infinities, NaN and FLT_MAX.
float pick(__global const float *r, int i)
{
    float special[16] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1.5f, 2.5f, -2.5f, INFINITY,
                         -INFINITY, NAN, FLT_MIN, 3.0f, -7.25f, FLT_MAX, -FLT_MAX};
    return i < 16 ? special[i] : r[i];
}

__kernel void ptr_outs(__global const float *a, __global const float *b,
                       __global float *out, __global int *iout)
{
    __local float lfrac[16];
    int i = get_global_id(0);
    int l = get_local_id(0);
    float x = pick(a, i);
    float y = b[i];
    __global float *o = out + i * 8;
    __global int *io = iout + i * 4;
    float ip;
    o[0] = fract(x, &ip);
    o[1] = ip;
    o[2] = modf(x, o + 3);
    int e = 0;
    o[4] = frexp(x, &e);
    io[0] = isfinite(x) ? e : 12345;
    int q = 0;
    // Quotients beyond 2^24 are in diff_remquo_large.cl.
    float xr = fabs(x) < 1e6f ? x : 1e6f;
    o[5] = remquo(xr, y, &q);
    io[1] = abs(q) & 7;
    lfrac[l] = 0.0f;
    o[6] = fract(x * 0.25f, &lfrac[l]);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[7] = lfrac[(l + 1) % 16];
    int2 e2;
    float2 m2 = frexp((float2)(y, x + 1.0f), &e2);
    io[2] = isfinite(x) ? e2.y : -1;
    io[3] = e2.x + (int)(m2.x * 1024.0f);
}

__kernel void exact_ops(__global const float *a, __global const float *b,
                        __global float *out, __global int *iout)
{
    int i = get_global_id(0);
    float x = pick(a, i);
    float y = pick(b, (i * 7) % 64);
    __global float *o = out + i * 16;
    o[0] = ldexp(x, (i % 9) - 4);
    o[1] = ldexp(y, 130 - i);
    o[2] = logb(x);
    o[3] = nextafter(x, y);
    o[4] = fdim(x, y);
    o[5] = maxmag(x, y);
    o[6] = minmag(x, y);
    o[7] = copysign(x, isnan(y) ? -x : y); // the sign of NAN is not specified
    o[8] = fmod(x, y);
    o[9] = remainder(x, y);
    o[10] = rint(x * 0.5f);
    o[11] = round(x * 0.5f);
    o[12] = trunc(x) + floor(y) * 1000.0f;
    o[13] = ceil(x);
    o[14] = fmin(x, y) + fmax(y, NAN);
    o[15] = fabs(x) - fmax(NAN, x);
    iout[i * 2] = (isfinite(x) && x != 0.0f) ? ilogb(x) : -999;
    iout[i * 2 + 1] = (isfinite(y) && y != 0.0f) ? ilogb(y * 1e30f) : -999;
}

__kernel void exact_vec(__global const float4 *a, __global const float4 *b,
                        __global float4 *out, __global int4 *iout)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];
    __global float4 *o = out + i * 8;
    float4 ip;
    o[0] = fract(x, &ip);
    o[1] = ip;
    int4 q;
    o[2] = remquo(x, y, &q);
    iout[i * 2] = as_int4(abs(q) & 7u);
    int4 e;
    o[3] = frexp(x, &e);
    iout[i * 2 + 1] = e + ilogb(y);
    o[4] = ldexp(x, (int4)(1, -3, 20, -140));
    o[5] = fdim(x, y) + maxmag(x, y);
    o[6] = nextafter(x, y) - x;
    float4 w;
    o[7] = modf(x * 3.5f, &w) + w;
}
