// RUN: --kernel scalar_args --global 16 --local 4 --arg i8:-7 --arg u16:65535 --arg i64:-9000000000 --arg f32x4:1.5,-2,0.25,8 --arg u32x2:4000000000,3 --arg f64:0.1 --arg i32[128]=zeros --arg f32[64]=zeros
// RUN: --kernel pointer_games --global 64 --local 16 --arg u8[1024]=rand:411 --arg i32[256]=zeros
// RUN: --kernel constant_arg --global 64 --local 64 --arg f32[64]=randu:412:-1:1 --arg f32[16]=randu:413:-2:2 --arg i32[8]=iota --arg f32[64]=zeros
// RUN: --kernel two_locals --global 64 --local 32 --arg i32[64]=randu:414:-99:99 --arg local:128 --arg local:256 --arg i32[64]=zeros
// RUN: --kernel fma_exact --global 64 --local 16 --arg f32[64]=randu:415:-1000:1000 --arg f32[64]=randu:416:-1:1 --arg u32[256]=zeros
// Kernel arguments of every scalar kind and vectors by value; __global pointer arithmetic
// (negative offsets, pointer differences, casts between element
// types); a __constant pointer argument; two __local
// pointer arguments of different element types; fma (a single rounding, so exact).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void scalar_args(char c, ushort us, long l, float4 f4, uint2 u2, double d,
                          __global int *out, __global float *fout)
{
    int i = get_global_id(0);
    __global int *o = out + i * 8;
    o[0] = c * i;
    o[1] = us + i;
    o[2] = (int)(l >> 20) + i;
    o[3] = (int)(u2.x / 7u) + (int)u2.y;
    o[4] = (int)(l % 1000);
    o[5] = (int)(d * 1000.0) + i;
    o[6] = (int)(c < 0) + (us > 60000) * 2;
    o[7] = (int)(u2.x >> 31);
    vstore4(f4 * (float)i, i, fout);
}

__kernel void pointer_games(__global const uchar *bytes, __global int *out)
{
    int i = get_global_id(0);
    __global const uchar *p = bytes + 512 + i * 4;
    __global const uchar *q = p - 256;
    __global const uint *w = (__global const uint *)(bytes + i * 4);
    __global const ushort *h = (__global const ushort *)(bytes) + i;
    __global int *o = out + i * 4;
    o[0] = (int)(p - q) + (int)(&bytes[1023] - p);
    o[1] = (int)(*w ^ (uint)q[-1] ^ (uint)p[3]);
    o[2] = (int)((__global const uchar *)(w + 3) - bytes); // pointer comparisons: diff_pointer_compare.cl
    o[3] = q[2] + h[3] * 256; // pointers to pointers: diff_pointer_to_pointer.cl
}

__kernel void constant_arg(__global const float *in, __constant float *coef,
                           __constant int *idx, __global float *out)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) acc += coef[idx[k] * 2] * in[(i + k) & 63];
    out[i] = acc;
}

__kernel void two_locals(__global const int *in, __local int *a, __local short *b,
                         __global int *out)
{
    int l = get_local_id(0);
    a[l] = in[get_global_id(0)];
    b[l] = (short)(a[l] * 3);
    b[l + 32] = (short)-l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a[31 - l] + b[(l + 5) & 31] * 1000 + b[32 + (l ^ 1)];
}

__kernel void fma_exact(__global const float *a, __global const float *b, __global uint *out)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    __global uint *o = out + i * 4;
    o[0] = as_uint(fma(x, y, -x * y)); // the rounding error of x * y, exactly
    o[1] = as_uint(fma(y, y, x));
    float4 v = (float4)(x, y, -x, 1.0f / 3.0f);
    o[2] = as_uint(fma(v, v.yxwz, v.wzyx).z);
    o[3] = as_uint(fma(x, 0x1p-140f, 0x1p-149f)) ^ as_uint(fma(1e30f, 1e10f, -INFINITY));
}
