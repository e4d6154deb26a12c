// RUN: --kernel conv_float4 --global 16,8 --local 8,4 --arg f32[460]=rand:1 --arg f32[9]=rand:2 --arg f32[128]=zeros --arg i32:18 --arg i32:16 --arg i32:3
// RUN: --kernel conv_float4 --global 16,8 --local 8,4 --arg f32[480]=rand:3 --arg f32[25]=rand:4 --arg f32[128]=zeros --arg i32:20 --arg i32:16 --arg i32:5
// RUN: --kernel conv_float4 --global 15,6 --local 5,2 --arg f32[500]=rand:5 --arg f32[64]=rand:6 --arg f32[90]=zeros --arg i32:22 --arg i32:15 --arg i32:8
// RUN: -O0 --kernel conv_float4 --global 16,8 --local 8,4 --arg f32[480]=rand:3 --arg f32[25]=rand:4 --arg f32[128]=zeros --arg i32:20 --arg i32:16 --arg i32:5
// RUN: --kernel blocks --global 32 --local 16 --arg f32x2[64]=rand:7 --arg f32x3[64]=rand:8 --arg f32x4[64]=rand:9 --arg f32x8[64]=rand:10 --arg f32x16[64]=rand:11 --arg i32x4[64]=randu:12:-1000:1000 --arg f32[4096]=zeros --arg i32x4[64]=zeros
// RUN: --kernel blocks --global 30 --local 10 --arg f32x2[64]=rand:7 --arg f32x3[64]=rand:8 --arg f32x4[64]=rand:9 --arg f32x8[64]=rand:10 --arg f32x16[64]=rand:11 --arg i32x4[64]=randu:12:-1000:1000 --arg f32[4096]=zeros --arg i32x4[64]=zeros
// RUN: --kernel vload_groups --global 32 --local 8 --arg f32[2048]=rand:13 --arg f32[2048]=zeros --arg i32[1024]=randu:14:-50:50 --arg i32[1024]=zeros --arg i32:3
// RUN: --kernel vload_groups --global 27 --local 9 --arg f32[2048]=rand:15 --arg f32[2048]=zeros --arg i32[1024]=randu:16:-50:50 --arg i32[1024]=zeros --arg i32:2
// RUN: -O0 --kernel vload_groups --global 32 --local 8 --arg f32[2048]=rand:13 --arg f32[2048]=zeros --arg i32[1024]=randu:14:-50:50 --arg i32[1024]=zeros --arg i32:3
// RUN: --kernel swizzles --global 32 --local 16 --arg f32x4[32]=randu:17:-4:4 --arg f32x8[32]=randu:18:-4:4 --arg i32x4[32]=randu:19:-9:9 --arg f32[512]=zeros --arg i32[256]=zeros
// RUN: --kernel swizzles --global 21 --local 7 --arg f32x4[32]=randu:17:-4:4 --arg f32x8[32]=randu:18:-4:4 --arg i32x4[32]=randu:19:-9:9 --arg f32[512]=zeros --arg i32[256]=zeros
// RUN: --kernel tile_barrier --global 32 --local 16 --arg f32x4[32]=rand:20 --arg f32x4[32]=zeros --arg f32[32]=zeros --arg i32:3
// RUN: --kernel tile_barrier --global 24 --local 6 --arg f32x4[32]=rand:21 --arg f32x4[32]=zeros --arg f32[32]=zeros --arg i32:4
// RUN: --kernel index_kinds --global 32 --local 16 --arg f32[1024]=rand:22 --arg f32x4[32]=zeros --arg i32[64]=zeros
// RUN: --kernel index_kinds --global 16 --local 8 --offset 2147483640 --arg f32[1024]=rand:23 --arg f32x4[32]=zeros --arg i32[64]=zeros
// RUN: --kernel index_kinds --global 16 --local 8 --offset 2147483642 --arg f32[1024]=rand:25 --arg f32x4[32]=zeros --arg i32[64]=zeros
// RUN: --kernel index_kinds --global 16 --local 16 --offset 4294967288 --arg f32[1024]=rand:24 --arg f32x4[32]=zeros --arg i32[64]=zeros
// TOLERANCE: 1e-5 1e-5
// VULKAN-REFERENCE-DIFFERS: --kernel index_kinds | arg2 | lavapipe (Mesa 22.3.6) takes `long w = x; w > 2147483645L` (OpSConvert to 64 bits, then OpSGreaterThan; spirv-val accepts the module) as true for every work-item, also in a three-line kernel (`w > 5L` is 1 for x = 0); oclc's CPU, PoCL and oclc's SPIR-V on PoCL agree; not yet checked on a second Vulkan driver
// Code written with explicit vectors, as the CPU backend's vectorised regions run it: each
// work-item's float2/3/4/8/16 is one vector per component with a lane per work-item. Loads
// and stores of the work-items' own vectors (p[gid] on float4 *, vloadN(gid, p), vstoreN)
// become block accesses and transposes; vloadN at per-lane element offsets (the chapter's
// convolution) become one vector load per component; int indices computed from
// get_global_id(0) keep their lane-consecutive form when widened (chunks whose global ids
// pass 2^31 run one work-item at a time). Sizes that are and are not multiples of 4, loops,
// barriers, lane masks, swizzles and horizontal sums.

// The optimization chapter's ConvolveFloat4, at any filter width (remainder loop on sum4.x).
__kernel void conv_float4(__global const float *input, __constant float *filter,
                          __global float *output, int inWidth, int width, int filterWidth)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    float4 sum4 = 0;
    for (int r = 0; r < filterWidth; r++) {
        int idxFtmp = r * filterWidth;
        int idxIntmp = (yOut + r) * inWidth + xOut;
        int c = 0;
        int c4 = 0;
        while (c <= filterWidth - 4) {
            float4 filter4 = vload4(c4, filter + idxFtmp);
            float4 in4 = vload4(c4, input + idxIntmp);
            sum4 += in4 * filter4;
            c += 4;
            c4++;
        }
        for (int c1 = c; c1 < filterWidth; c1++)
            sum4.x += filter[idxFtmp + c1] * input[idxIntmp + c1];
    }
    output[yOut * width + xOut] = sum4.x + sum4.y + sum4.z + sum4.w;
}

// Typed vector elements per work-item, read and written whole (a float3 is read with its
// padding: it has a float4's size), plus a masked store under a varying condition.
__kernel void blocks(__global const float2 *a2, __global const float3 *a3,
                     __global const float4 *a4, __global const float8 *a8,
                     __global const float16 *a16, __global const int4 *ai,
                     __global float *out, __global int4 *oi)
{
    int i = get_global_id(0);
    float2 x2 = a2[i];
    float3 x3 = a3[i];
    float4 x4 = a4[i];
    float8 x8 = a8[i];
    float16 x16 = a16[i];
    int4 y = ai[i];
    __global float2 *o2 = (__global float2 *)out;
    __global float4 *o4 = (__global float4 *)(out + 384);
    __global float8 *o8 = (__global float8 *)(out + 640);
    __global float16 *o16 = (__global float16 *)(out + 1152);
    o2[i] = x2.yx + x4.zw;
    vstore3(x3 * x2.x - x8.s135, i, out + 128);
    o4[i] = x4 * (float4)(x3, 2.0f) + x16.lo.hi;
    o8[i] = x8 + x16.odd;
    o16[i] = x16 * x16.s0 + (float16)(x8, x4, x4.wzyx);
    oi[i] = y * (int4)(1, -2, 3, -4) + (int4)(i);
    if (y.x > 0)
        oi[i + 32] = y.wzyx;
}

// vloadN/vstoreN at work-item offsets (whole blocks), at element offsets that are not
// multiples of N, inside a loop, and under a varying condition.
__kernel void vload_groups(__global const float *in, __global float *out,
                           __global const int *iin, __global int *iout, int reps)
{
    int i = get_global_id(0);
    float2 a = vload2(i, in + 1);
    float3 b = vload3(i, in + 101);
    float4 c = vload4(i, in + 203);
    float8 d = vload8(i, in + 337);
    float16 e = vload16(i, in + 611);
    float4 f = vload4(0, in + 1200 + i);
    vstore2(a * 3.0f, i, out + 1);
    vstore3(b.zxy, i, out + 99);
    vstore4(c + f, i, out + 205);
    vstore8(d * e.hi, i, out + 333);
    vstore16(e + (float16)(d, d.s76543210), i, out + 613);
    int4 acc = 0;
    for (int r = 0; r < reps; r++) {
        int4 v = vload4(i + r, iin + 2);
        acc += v * (int4)(r + 1);
        vstore4(acc, i, iout + 128 * r + 5);
    }
    if ((i & 3) != 1) {
        float4 g = vload4(i, in + 1500);
        vstore4(g.wxzy, i, out + 1700);
    }
    vstore3(acc.xyz, i, iout + 700);
}

// Swizzles, halves, horizontal sums, dot products and mixed scalar/vector arithmetic.
__kernel void swizzles(__global const float4 *a, __global const float8 *b,
                       __global const int4 *c, __global float *out, __global int *iout)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float8 y = b[i];
    int4 n = c[i];
    float4 s = x.wzyx * 0.5f + y.even - y.odd * x.x;
    float h = s.x + s.y + s.z + s.w;
    float d = dot(x, y.hi) + dot(x.xyz, y.s246);
    float4 m = select(x, y.lo, n > (int4)(0));
    int4 k = n.yxwz * (int4)(i) - (n >> 1) + (int4)(n.s0 + n.s3);
    vstore4(s, i, out);
    out[128 + i] = h;
    out[160 + i] = d;
    vstore4(m, i, out + 192);
    out[320 + i] = fmax(m.x, m.y) + fmin(m.z, m.w);
    vstore4(k, i, iout);
    iout[128 + i] = k.x + k.y + k.z + k.w;
}

// float4 values in __local memory across barriers, summed over a loop of neighbours.
__kernel void tile_barrier(__global const float4 *in, __global float4 *out,
                           __global float *sums, int rounds)
{
    __local float4 tile[16];
    int l = get_local_id(0);
    int n = get_local_size(0);
    int g = get_global_id(0);
    float4 acc = in[g];
    for (int r = 0; r < rounds; r++) {
        tile[l] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        float4 left = tile[(l + n - 1) % n];
        float4 right = tile[(l + 1) % n];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc = 0.5f * acc + 0.25f * (left + right.yzwx);
    }
    out[g] = acc;
    sums[g] = acc.x + acc.y + acc.z + acc.w;
}

// Indices of several kinds: int from get_global_id(0) (chunks past 2^31 run per
// work-item: there the int lanes wrap, which the widened comparison would miss), unsigned
// arithmetic (its lanes may wrap: the widened index keeps its run-time check), size_t, and
// an index relative to the global offset.
__kernel void index_kinds(__global const float *in, __global float4 *out, __global int *iout)
{
    int x = get_global_id(0);
    uint k = (uint)x - (uint)get_global_offset(0);
    uint u = k * 3u + 1u;
    size_t s = get_global_id(0) - get_global_offset(0);
    float4 v = vload4(k, in) + vload4(0, in + 100 + u) + (float4)(in[s * 2]);
    out[k] = v;
    iout[s] = x;
    long w = x;
    iout[32 + s] = w > 2147483645L ? 1 : 2;
}
