// RUN: --kernel moves --global 203 --local 29 --arg f32x4[203]=rand:3 --arg i32x4[203]=randu:4:-1000:1000 --arg f32x4[203]=zeros --arg i32x4[203]=zeros --arg f32x4[203]=zeros --arg i32x4[203]=zeros
// RUN: --kernel moves --global 256 --local 64 --arg f32x4[256]=rand:5 --arg i32x4[256]=randu:6:-9:9 --arg f32x4[256]=zeros --arg i32x4[256]=zeros --arg f32x4[256]=zeros --arg i32x4[256]=zeros
// Each work-item's own vector loaded and stored with only lane moves between (a copy, a
// swizzle, one component replaced, two vectors' halves joined): on the CPU target the
// vectorised region stores the loaded vectors themselves, or one shuffle of them, instead of
// splitting them into components and joining them back (backend-cpu/tests/block_moves.rs
// checks the code; this file the results, at sizes with and without a partial last chunk).
__kernel void moves(__global const float4 *f, __global const int4 *n,
                    __global float4 *copy, __global int4 *swizzled,
                    __global float4 *replaced, __global int4 *joined)
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
}
