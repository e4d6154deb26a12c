// RUN: --kernel trig --global 128 --local 32 --arg f32[128]=randu:211:-6.5:6.5 --arg f32[1536]=zeros
// RUN: --kernel explog --global 128 --local 32 --arg f32[128]=randu:212:-20:20 --arg f32[1536]=zeros
// RUN: --kernel inverse --global 128 --local 32 --arg f32[128]=randu:213:-1:1 --arg f32[128]=randu:214:-30:30 --arg f32[1664]=zeros
// TOLERANCE: 1.5e-6 1e-30
// Rounded math built-ins whose OpenCL 1.2 limit is at most 6 ulp (two implementations may
// then differ by 12 ulp: 12 * 2^-23 relative): trigonometry incl. sincos with private,
// __global and __local outputs and the pi forms, exponentials and logarithms incl.
// exp10/expm1/log1p, inverse and hyperbolic functions, atan2, hypot, cbrt, sqrt, rsqrt,
// plus infinities, zeros and NaN where the built-in defines the result.
__kernel void trig(__global const float *a, __global float *out)
{
    __local float lc[32];
    int i = get_global_id(0);
    int l = get_local_id(0);
    float x = a[i];
    __global float *o = out + i * 12;
    float c;
    o[0] = sincos(x, &c);
    o[1] = c;
    o[2] = sincos(x * 0.5f, o + 3);
    o[4] = sincos(x + 1.0f, &lc[l]);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[5] = lc[31 - l];
    o[6] = tan(x * 0.2f);
    o[7] = sinpi(x);
    o[8] = cospi(x);
    o[9] = tanpi(x * 0.1f);
    float2 c2;
    float2 s2 = sincos((float2)(x, -x * 3.0f), &c2);
    o[10] = s2.y;
    o[11] = c2.y;
    if (i == 0) {
        o[0] = sin(0.0f);
        o[1] = cos(0.0f);
        o[6] = tan(-0.0f);
    }
    if (i == 1) {
        o[0] = sin(INFINITY);
        o[1] = cos(NAN);
        o[6] = sinpi(2.0f);
    }
}

__kernel void explog(__global const float *a, __global float *out)
{
    int i = get_global_id(0);
    float x = a[i];
    float p = fabs(x) + 0.001f;
    __global float *o = out + i * 12;
    o[0] = exp(x);
    o[1] = exp2(x);
    o[2] = exp10(x * 0.5f);
    o[3] = expm1(x * 0.05f);
    o[4] = log(p);
    o[5] = log2(p);
    o[6] = log10(p);
    o[7] = log1p(x * 0.04f);
    o[8] = cbrt(x * 100.0f);
    o[9] = sqrt(p);
    o[10] = rsqrt(p);
    o[11] = hypot(x, p * 3.0f);
    if (i < 8) {
        float sp[8] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 100.0f};
        float s = sp[i];
        o[0] = exp(s);
        o[1] = exp2(s);
        o[3] = expm1(s);
        o[4] = log(s);
        o[5] = log2(s);
        o[7] = log1p(s);
        o[8] = cbrt(s);
        o[9] = sqrt(s);
        o[10] = rsqrt(s);
        o[11] = hypot(s, 0.0f);
    }
}

__kernel void inverse(__global const float *u, __global const float *w, __global float *out)
{
    int i = get_global_id(0);
    float x = u[i];
    float y = w[i];
    __global float *o = out + i * 13;
    o[0] = asin(x);
    o[1] = acos(x);
    o[2] = atan(y);
    o[3] = atan2(x, y);
    o[4] = asinpi(x);
    o[5] = acospi(x);
    o[6] = atan2pi(y, x);
    o[7] = sinh(y * 0.1f);
    o[8] = cosh(y * 0.1f);
    o[9] = tanh(y * 0.1f);
    o[10] = asinh(y);
    o[12] = acosh(fabs(y) + 1.0f);
    o[11] = atanh(x * 0.99f);
    if (i == 0) {
        o[0] = asin(2.0f);
        o[3] = atan2(0.0f, -1.0f);
        o[2] = atan(INFINITY);
        o[11] = atanh(1.0f);
    }
}
