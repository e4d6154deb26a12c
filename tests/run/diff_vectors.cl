// RUN: --kernel vec2 --global 64 --local 16 --arg i32x2[64]=rand:331 --arg f32x2[64]=randu:332:-8:8 --arg i32x2[256]=zeros --arg f32x2[128]=zeros
// RUN: --kernel vec3 --global 64 --local 16 --arg i32[192]=rand:333 --arg f32[192]=randu:334:-8:8 --arg i32[768]=zeros --arg f32[384]=zeros
// RUN: --kernel vec4 --global 64 --local 16 --arg i16x4[64]=rand:335 --arg u8x4[64]=rand:336 --arg i16x4[256]=zeros --arg u8x4[128]=zeros
// RUN: --kernel vec8 --global 32 --local 8 --arg i64x8[32]=rand:337 --arg f32x8[32]=randu:338:-8:8 --arg i64x8[96]=zeros --arg f32x8[64]=zeros
// RUN: --kernel vec16 --global 32 --local 8 --arg u16x16[32]=rand:339 --arg i8x16[32]=rand:340 --arg u16x16[96]=zeros --arg i8x16[64]=zeros
// Every vector width: component-wise arithmetic (wrapping integer +,-,*,/,%, shifts with
// per-lane counts masked to the lane width, bitwise ops, unary -, ~, !), comparisons giving
// -1/0 per lane, swizzles (.xyzw, .sN, .lo/.hi, .even/.odd,
// repeated and reversed components, swizzled stores), vector literals built from smaller
// vectors and scalars, scalar widening in mixed expressions, and float lane math (with
// FP_CONTRACT off, so that no implementation fuses a * b + c).
#pragma OPENCL FP_CONTRACT OFF
__kernel void vec2(__global const int2 *a, __global const float2 *f,
                   __global int2 *out, __global float2 *fout)
{
    int i = get_global_id(0);
    int2 x = a[i];
    int2 y = a[63 - i] | (int2)(1, 3);
    __global int2 *o = out + i * 4;
    o[0] = x + y * x - (y << (x & 7));
    o[1] = (x / y) ^ (x % y);
    o[2] = (x < y) + (x == x.yx) * 2 + (x >= 0) * 4;
    int2 t;
    t.yx = x.xx ^ ~y;
    o[3] = t + !x + -y.s10;
    float2 g = f[i];
    fout[i * 2] = g * g.yx - 2.5f;
    fout[i * 2 + 1] = (float2)(g.lo, g.hi) / (g.odd + 9.0f);
}

__kernel void vec3(__global const int *a, __global const float *f, __global int *out,
                   __global float *fout)
{
    int i = get_global_id(0);
    int3 x = vload3(i, a);
    int3 y = vload3(63 - i, a) | 1;
    int3 r0 = x * y + (x >> (y & 31)) - (x.zxy << 3);
    int3 r1 = (x > y) - (x != y.zyx) + (int3)(x.s2, y.s01);
    int3 r2 = (x & y) | (x ^ 0x55555555);
    int3 r3 = x % y + x / y;
    vstore3(r0, 0, out + i * 12);
    vstore3(r1, 0, out + i * 12 + 3);
    vstore3(r2, 0, out + i * 12 + 6);
    vstore3(r3, 0, out + i * 12 + 9);
    float3 g = vload3(i, f);
    float3 h = (float3)(g.z, g.xy) * g + (float3)(1.0f, 2.0f, 3.0f);
    vstore3(h, 0, fout + i * 6);
    vstore3(fmax(g, h.xxx) - min(g, 0.5f), 0, fout + i * 6 + 3);
}

__kernel void vec4(__global const short4 *a, __global const uchar4 *b,
                   __global short4 *out, __global uchar4 *bout)
{
    int i = get_global_id(0);
    short4 x = a[i];
    short4 y = a[(i + 7) & 63] | (short4)(1);
    __global short4 *o = out + i * 4;
    o[0] = x * y + x.wzyx - (x >> (short4)(1, 5, 15, 16));
    o[1] = (x / y) + (x % y) * (short)3;
    o[2] = (x <= y) + (x > y.xxxx) * (short)4;
    short4 t = x;
    t.xz = y.wy;
    t.w = (short)(x.x + y.w);
    o[3] = t ^ ~x;
    uchar4 u = b[i];
    uchar4 v = b[63 - i];
    bout[i * 2] = u + v * (uchar)3 - (u << (uchar4)(0, 1, 9, 7));
    bout[i * 2 + 1] = (uchar4)(u.hi, v.lo) / (v | (uchar)1) + as_uchar4(u > v);
}

__kernel void vec8(__global const long8 *a, __global const float8 *f,
                   __global long8 *out, __global float8 *fout)
{
    int i = get_global_id(0);
    long8 x = a[i];
    long8 y = a[31 - i] | 1;
    __global long8 *o = out + i * 3;
    o[0] = x * y - (x << (y & 63)) + (x >> 65);
    o[1] = (x / y) ^ (x % y) ^ (x < y) ^ (x.s76543210 == y);
    o[2] = (long8)(x.lo, y.hi) + (long8)(x.even, y.odd) - (long8)(x.s3, x.s2, x.s1, x.s0, y.s4567);
    float8 g = f[i];
    fout[i * 2] = g * g.s01234567 + g.s70615243;
    fout[i * 2 + 1] = (float8)(g.hi * 2.0f, g.lo - 1.0f) / (fabs(g) + 1.0f);
}

__kernel void vec16(__global const ushort16 *a, __global const char16 *b,
                    __global ushort16 *out, __global char16 *bout)
{
    int i = get_global_id(0);
    ushort16 x = a[i];
    ushort16 y = a[31 - i] | (ushort)1;
    __global ushort16 *o = out + i * 3;
    o[0] = x * y + (x >> (y & (ushort)15)) - (x << (ushort16)(17));
    o[1] = (x / y) + (x % y) + as_ushort16(x > y) + as_ushort16(x.sfedcba9876543210 != y);
    o[2] = (ushort16)(x.odd, y.even) ^ (ushort16)(x.hi.lo, x.lo.hi, y.s0, y.s1, y.sA, y.sB, y.lo.lo.lo.lo, y.s5, y.s6, y.s7);
    char16 c = b[i];
    char16 d = b[31 - i] | (char)1;
    d = select(d, (char16)(3), d == (char16)(-1));
    bout[i * 2] = c * d - (c >> (d & (char)7)) + (c == d.s0123456789abcdef) + (char)-128;
    bout[i * 2 + 1] = (c / d) + (c % d) - (c < (char)0);
}
