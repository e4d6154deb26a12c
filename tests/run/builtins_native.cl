// RUN: --kernel approx --global 256 --local 64 --arg f32x4[256]=randu:91:-3:3 --arg f32x4[256]=randu:92:0.1:9 --arg f32x4[1024]=zeros
// TOLERANCE: 2e-3 1e-3
// half_* (at most 8192 ulp) and native_* (implementation-defined precision) functions on
// float vectors with moderate inputs; the tolerance is the half_ precision bound.
__kernel void approx(__global const float4 *a, __global const float4 *b, __global float4 *out)
{
    int i = get_global_id(0);
    float4 x = a[i], y = b[i];
    out[4 * i] = half_cos(x) + half_sin(x) + half_tan(x / 4.0f) + half_exp(x) + half_exp2(x) + half_exp10(x / 3.0f);
    out[4 * i + 1] = half_log(y) + half_log2(y) + half_log10(y) + half_powr(y, x) + half_recip(y) + half_rsqrt(y) + half_sqrt(y) + half_divide(x, y);
    out[4 * i + 2] = native_cos(x) + native_sin(x) + native_tan(x / 4.0f) + native_exp(x) + native_exp2(x) + native_exp10(x / 3.0f);
    out[4 * i + 3] = native_log(y) + native_log2(y) + native_log10(y) + native_powr(y, x) + native_recip(y) + native_rsqrt(y) + native_sqrt(y) + native_divide(x, y);
}
