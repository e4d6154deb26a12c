// RUN: --kernel math1 --global 256 --local 64 --arg f32[256]=randu:11:-4:4 --arg f32[256]=randu:12:0.01:8 --arg f32[4096]=zeros --arg i32[512]=zeros
// TOLERANCE: 4e-6 4e-6
// The OpenCL 1.2 math catalogue on random inputs plus edge values (zeros, negatives,
// infinities, NaN): one output lane per function. Tolerances stay within a few ULP of
// single precision.
__kernel void math1(__global const float *a, __global const float *b,
                    __global float *out, __global int *iout)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    if (i == 0) x = 0.0f;
    if (i == 1) x = -0.0f;
    if (i == 2) x = INFINITY;
    if (i == 3) x = -INFINITY;
    if (i == 4) x = NAN;
    if (i == 5) x = 1e30f;
    if (i == 6) x = -1e-30f;
    __global float *o = out + i * 16;
    o[0] = acosh(1.0f + y) + asinh(x) + atanh(x / 5.0f);
    o[1] = acospi(x / 4.0f) + asinpi(x / 4.0f) + atanpi(x);
    o[2] = atan2pi(x, y) + cbrt(x);
    o[3] = cosh(x / 2.0f) - sinh(x / 2.0f) + tanh(x);
    o[4] = cospi(x) + sinpi(x) + tanpi(x / 9.0f);
    o[5] = erf(x) + erfc(x);
    o[6] = expm1(x / 3.0f) + log1p(y) + logb(y);
    o[7] = lgamma(y) + tgamma(y / 2.0f);
    o[8] = rint(x * 3.0f) + fdim(x, y) + maxmag(x, y) - minmag(x, y);
    o[9] = nextafter(x, y) + powr(y, 1.5f) + remainder(x, y);
    o[10] = pown(y, (i % 7) - 3) + rootn(y, (i % 5) + 1) + ldexp(y, (i % 9) - 4);
    o[11] = smoothstep(-1.0f, 2.0f, x) + step(0.5f, x) + mix(x, y, 0.25f);
    o[12] = hypot(x, y) + copysign(y, x) + fmod(x, y);
    o[13] = atan2(x, y) + exp10(x / 8.0f) + log10(y) + log2(y);
    float ip, ip2, c; int e;
    float fr = fract(x, &ip);
    float md = modf(x, &ip2);
    o[14] = fr + ip + md * 3.0f + ip2;
    float fx = frexp(x, &e);
    float sn = sincos(x, &c);
    o[15] = fx + sn + c;
    iout[2 * i] = e + ilogb(y) * 100;
    int s;
    float lg = lgamma_r(y - 4.0f, &s);
    iout[2 * i + 1] = s;
    out[i * 16 + 7] += lg;
}
