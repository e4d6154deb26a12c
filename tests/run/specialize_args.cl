// RUN: -O3 --kernel box --global 64 --local 16 --arg f32[80]=rand:1 --arg f32[64]=zeros --arg i32:3 --arg f32:0.5
// RUN: -O3 --kernel box --global 64 --local 16 --arg f32[80]=rand:2 --arg f32[64]=zeros --arg i32:16 --arg f32:-0.0
// RUN: -O3 --kernel box --global 64 --local 16 --arg f32[80]=rand:3 --arg f32[64]=zeros --arg i32:0 --arg f32:2
// RUN: -O3 --kernel box --global 64 --local 16 --arg f32[80]=rand:3 --arg f32[64]=zeros --arg i32:-7 --arg f32:2
// RUN: -O2 --kernel box --global 64 --local 8 --arg f32[80]=rand:4 --arg f32[64]=zeros --arg i32:5 --arg f32:1e30
// RUN: -O3 --kernel ints --global 32 --arg i32[32]=randu:5:-1000:1000 --arg i32[32]=zeros --arg i32:37 --arg i32:-3 --arg u32:33 --arg i16:-2 --arg u8:250 --arg i64:-9000000000
// RUN: -O3 --kernel ints --global 32 --arg i32[32]=randu:6:-1000:1000 --arg i32[32]=zeros --arg i32:1 --arg i32:7 --arg u32:0 --arg i16:32767 --arg u8:0 --arg i64:1
// RUN: -O3 --kernel ints --global 32 --arg i32[32]=randu:7:-1000:1000 --arg i32[32]=zeros --arg i32:-1 --arg i32:-2147483648 --arg u32:31 --arg i16:0 --arg u8:1 --arg i64:0
// RUN: -O3 --kernel vectors --global 16 --arg f32x4[16]=rand:8 --arg f32x4[16]=zeros --arg f32x4:0.5,-2,3,0.25 --arg i32x3:1,-1,2 --arg u16x2:7,65535
// RUN: -O3 --kernel vectors --global 16 --arg f32x4[16]=rand:9 --arg f32x4[16]=zeros --arg f32x4:1 --arg i32x3:0 --arg u16x2:0
// RUN: -O3 --kernel tiled --global 48 --local 16 --arg f32[48]=rand:10 --arg f32[48]=zeros --arg local:64 --arg i32:4
// RUN: -O3 --kernel tiled --global 48 --local 16 --arg f32[48]=rand:11 --arg f32[48]=zeros --arg local:64 --arg i32:16
// RUN: -O3 --kernel wide --global 16 --arg f32[16]=rand:12 --arg f32[16]=zeros --arg f64:0.125 --arg i8:-100 --arg u64:18446744073709551615
// Kernels whose scalar and vector arguments, once constants (`oclc run --specialize-args`),
// let the optimiser unroll, fold and simplify: a loop bounded by an
// argument (zero and negative trip counts included), integer arguments in division,
// remainder and shifts (OpenCL masks the shift amount), arguments of every width, vector
// arguments (a 3-element vector), a -0.0 and a huge float, a double, and an argument bounding a loop
// across a barrier. tests/run_reference.rs also runs every RUN line specialised.

// A 1-D box filter of `width` taps scaled by `scale`.
__kernel void box(__global const float *in, __global float *out, int width, float scale)
{
    int i = get_global_id(0);
    float sum = 0.0f;
    for (int t = 0; t < width; t++)
        sum += in[i + t];
    out[i] = sum * scale + scale;
}

// Integer arguments in the operations whose constant forms the optimiser rewrites (the sum
// wraps as unsigned).
__kernel void ints(__global const int *in, __global int *out, int d, int m, uint sh,
                   short s, uchar c, long l)
{
    int i = get_global_id(0);
    int x = in[i];
    uint r = 0;
    if (d != 0)
        r += (uint)(x / d + x % d);
    if (m != 0)
        r += (uint)(x / m);
    r += ((uint)x << sh) ^ ((uint)x >> sh) ^ (uint)(x >> sh);
    r += (uint)(s * x + c) - (uint)(l >> 20) + (uint)(l % 1000);
    r += (uint)((d > m) ? d - m : m - d);
    out[i] = (int)r;
}

// Vector arguments: lanes picked, swizzled and combined.
__kernel void vectors(__global const float4 *in, __global float4 *out, float4 w, int3 p,
                      ushort2 u)
{
    int i = get_global_id(0);
    float4 x = in[i] * w + w.wzyx;
    x.x += (float)(p.x - p.z) + (float)u.y;
    x.y *= (float)p.y;
    x.z -= (float)(u.x * 3);
    out[i] = x;
}

// A loop bounded by an argument, with barriers inside: tiles of `n` items staged through
// __local memory.
__kernel void tiled(__global const float *in, __global float *out, __local float *tile, int n)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    float acc = 0.0f;
    for (int k = 0; k < n; k++) {
        tile[lid] = in[gid] * (float)(k + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[(lid + k) % get_local_size(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = acc;
}

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// double, char and ulong arguments.
__kernel void wide(__global const float *in, __global float *out, double d, char c, ulong u)
{
    int i = get_global_id(0);
    out[i] = in[i] * (float)(d * 3.0) + (float)c + (float)(u % 97);
}
