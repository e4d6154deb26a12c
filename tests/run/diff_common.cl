// RUN: --kernel common_exact --global 64 --local 16 --arg f32x4[64]=randu:231:-10:10 --arg f32x4[64]=randu:232:-10:10 --arg f32x4[640]=zeros
// TOLERANCE: 0 0
// Common functions with exact results: clamp (vector and scalar bounds), step (vector and
// scalar edge), sign (incl. zeros and NaN), max/min (vector, scalar), on float2/3/4/8/16.
__kernel void common_exact(__global const float4 *a, __global const float4 *b,
                           __global float4 *out)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];
    __global float4 *o = out + i * 10;
    o[0] = clamp(x, -2.5f, 3.0f);
    o[1] = clamp(x, min(y, 0.0f), max(y, 0.0f));
    o[2] = step(y, x);
    o[3] = step(0.5f, x);
    o[4] = sign(x);
    o[5] = sign((float4)(0.0f, -0.0f, NAN, -INFINITY));
    o[6] = max(x, y) - min(x, 1.0f);
    float8 x8 = (float8)(x, y);
    float8 c8 = clamp(x8, -1.0f, 1.0f);
    o[7] = c8.lo + c8.hi;
    float16 x16 = (float16)(x8, x8 * 2.0f);
    float16 s16 = step(x16.s0123456789abcdef, (float16)(1.0f));
    o[8] = s16.lo.lo + s16.hi.hi * 2.0f + s16.lo.hi * 4.0f;
    float3 c3 = clamp(x.xyz, y.xyz, y.xyz + 1.0f);
    float2 s2 = sign(x.zw);
    o[9] = (float4)(c3, s2.x + s2.y * 10.0f);
}
