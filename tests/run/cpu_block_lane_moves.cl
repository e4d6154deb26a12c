// RUN: --kernel moves --global 203 --local 29 --arg f32x4[203]=rand:3 --arg i32x4[203]=randu:4:-1000:1000 --arg f32x4[203]=zeros --arg i32x4[203]=zeros --arg f32x4[203]=zeros --arg i32x4[203]=zeros --arg f32x4[203]=zeros --arg i32x4[203]=zeros --arg f32x2[203]=rand:7 --arg f32x2[203]=zeros
// RUN: --kernel moves --global 256 --local 64 --arg f32x4[256]=rand:5 --arg i32x4[256]=randu:6:-9:9 --arg f32x4[256]=zeros --arg i32x4[256]=zeros --arg f32x4[256]=zeros --arg i32x4[256]=zeros --arg f32x4[256]=zeros --arg i32x4[256]=zeros --arg f32x2[256]=rand:8 --arg f32x2[256]=zeros
// Each work-item's own vector loaded and stored with only lane moves between (a copy, a
// swizzle, one component replaced, two vectors' halves joined), and element-wise arithmetic
// on such vectors (with uniform vectors and scalars, a conversion, float2): on the CPU target
// the vectorised region computes on the loaded vectors and stores them, or one shuffle of
// them, instead of splitting them into components and joining them back
// (backend-cpu/tests/block_moves.rs checks the code; this file the results, at sizes with and
// without a partial last chunk).
__kernel void moves(__global const float4 *f, __global const int4 *n,
                    __global float4 *copy, __global int4 *swizzled,
                    __global float4 *replaced, __global int4 *joined,
                    __global float4 *arith, __global int4 *converted,
                    __global const float2 *g, __global float2 *arith2)
{
    size_t i = get_global_id(0);
    copy[i] = f[i];
    swizzled[i] = n[i].wzyx;
    float4 r = f[i];
    r.y = 7.5f;
    replaced[i] = r;
    int4 a = n[i];
    int4 b = as_int4(f[i]);
    joined[i] = (int4)(a.xy, b.zw);
    arith[i] = -(f[i] * (float4)(1.0f, -2.0f, 3.0f, 0.5f) + f[i]) / 3.0f;
    converted[i] = convert_int4(f[i] * 1000.0f) ^ n[i];
    arith2[i] = g[i] * 2.0f - (float2)(1.0f, -1.0f);
}
