// RUN: --kernel math_simd --global 96 --local 24 --arg f32[96]=randu:51:-40:40 --arg f32[96]=randu:52:0.01:90 --arg f32x4[96]=zeros --arg f32x4[96]=zeros
// RUN: --kernel math_simd --global 30 --local 30 --arg f32[30]=randu:53:-3:3 --arg f32[30]=randu:54:1e-6:4 --arg f32x4[30]=zeros --arg f32x4[30]=zeros
// Float built-ins that the vector path computes with SIMD instructions (rounding functions,
// sqrt/rsqrt, fabs, mad/fma), on scalars and on float4 values per work-item; inputs include
// exact halves for rint's ties-to-even.
__kernel void math_simd(__global const float *a, __global const float *b, __global float4 *r,
                        __global float4 *q)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    float h = (float)(i - 15) * 0.5f;
    r[i] = (float4)(floor(x), ceil(x), trunc(x), rint(h));
    float4 v = (float4)(x, y, h, x * y);
    float4 w = (float4)(y, y + 1.0f, y * 2.0f, y + 0.5f);
    q[i] = fma(fabs(v), (float4)(0.5f), rsqrt(w)) + mad(v, w, sqrt(w)) + floor(v * 0.25f);
}
