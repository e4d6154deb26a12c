// RUN: --kernel rel_float --global 64 --local 16 --arg f32[64]=randu:271:-2:2 --arg f32[64]=randu:272:-2:2 --arg i32[1024]=zeros
// RUN: --kernel rel_any_all --global 64 --local 16 --arg u64[64]=rand:273 --arg i32[512]=zeros
// RUN: --kernel rel_select --global 64 --local 16 --arg u64[64]=rand:274 --arg f32x4[64]=randu:275:-3:3 --arg u64[512]=zeros --arg f32x4[128]=zeros
// Relational built-ins: every comparison function on scalars (1/0) and float2/4/8 vectors
// (-1/0) over all pairs of {0, -0, 1, -1, inf, -inf, NaN, random}; any/all on char, short,
// int and long vectors of each width (only the sign bit counts); select with signed and
// unsigned masks of every integer width and bitselect on integers and floats.

__kernel void rel_float(__global const float *a, __global const float *b, __global int *out)
{
    float vals[8] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 0.75f};
    int i = get_global_id(0);
    float x = vals[i & 7];
    float y = vals[i >> 3];
    if ((i & 7) == 7) x = a[i];
    if ((i >> 3) == 7) y = b[i];
    __global int *o = out + i * 16;
    o[0] = isequal(x, y);
    o[1] = isnotequal(x, y);
    o[2] = isgreater(x, y);
    o[3] = isgreaterequal(x, y);
    o[4] = isless(x, y);
    o[5] = islessequal(x, y);
    o[6] = islessgreater(x, y);
    o[7] = isordered(x, y);
    o[8] = isunordered(x, y);
    o[9] = (isnan(x) ? 0 : signbit(x)) + 2 * isnan(y) + 4 * isinf(x) + 8 * isfinite(y) + 16 * isnormal(x);
    float4 x4 = (float4)(x, y, x, y);
    float4 y4 = (float4)(y, x, 1.0f, NAN);
    int4 c4 = isless(x4, y4) * 1 + isgreaterequal(x4, y4) * 10 + isunordered(x4, y4) * 100;
    o[10] = c4.x + c4.y * 1000;
    o[11] = c4.z + c4.w * 1000;
    float2 x2 = (float2)(x, y);
    int2 c2 = islessgreater(x2, x2.yx) + isnotequal(x2, (float2)(0.0f)) * 4;
    o[12] = c2.x * 16 + c2.y;
    float8 x8 = (float8)(x4, y4);
    int8 c8 = isequal(x8, x8.s76543210) | (isnan(x8) & 0x100);
    o[13] = c8.s0 ^ c8.s3 ^ c8.s5;
    o[14] = c8.s7 + c8.s1;
    o[15] = (x < y) + (x > y) * 2 + (x == y) * 4 + (x != y) * 8 + (!(x <= y)) * 16;
}

__kernel void rel_any_all(__global const ulong *in, __global int *out)
{
    int i = get_global_id(0);
    ulong r = in[i];
    ulong s = i < 8 ? (i & 1 ? 0x8080808080808080UL : 0UL) : r;
    __global int *o = out + i * 8;
    char16 c = as_char16((ulong2)(s, ~s ^ r));
    o[0] = any(c.s0) + 2 * all(c.s1) + 4 * any(c.s01) + 8 * all(c.s234) + 16 * any(c.lo.lo)
         + 32 * all(c.hi) + 64 * any(c) + 128 * all(c.s4567);
    short8 h = as_short8((ulong2)(s, r));
    o[1] = any(h.s0) + 2 * all(h.s12) + 4 * any(h.s345) + 8 * all(h.lo) + 16 * any(h);
    int4 w = as_int4((ulong2)(s, r));
    o[2] = any(w.x) + 2 * all(w.xy) + 4 * any(w.xyz) + 8 * all(w) + 16 * any(w);
    long2 l = as_long2((ulong2)(s, r));
    o[3] = any(l.x) + 2 * all(l) + 4 * any(l) + 8 * all((long3)(l, -1)) + 16 * any((long4)(l, 0, 0));
    int16 w16 = as_int16((ulong8)(s, r, s ^ r, ~s, r >> 1, s << 1, r * 3, s + r));
    o[4] = all(w16) + 2 * any(w16) + 4 * all(w16.even) + 8 * any(w16.odd);
    o[5] = all((int8)(-1)) + 2 * any((char4)(0, 0, 0, 0x7f)) + 4 * all((short2)(-1, -2));
    o[6] = (int)(r >> 60) - 8;
    o[7] = i;
}

__kernel void rel_select(__global const ulong *in, __global const float4 *f,
                         __global ulong *out, __global float4 *fout)
{
    int i = get_global_id(0);
    ulong r = in[i];
    ulong q = in[(i * 5 + 3) & 63];
    __global ulong *o = out + i * 8;
    o[0] = select(r, q, (long)r);
    o[1] = select(r, q, (ulong)(r & 1));
    o[2] = bitselect(r, q, r ^ q ^ 0xff00ff00ff00ff00UL);
    char4 c = as_char4((uint)r);
    char4 d = as_char4((uint)q);
    o[3] = as_uint(select(c, d, c)) + ((ulong)as_uint(select(c, d, as_uchar4(d))) << 32);
    short4 s = as_short4(r);
    o[4] = as_ulong(select(s, as_short4(q), s > as_short4(q)));
    int2 w = as_int2(r);
    o[5] = as_ulong(select(w, as_int2(q), (uint2)(0x80000000u, 1u)));
    uint3 u3 = select((uint3)((uint)r, (uint)q, 7u), (uint3)(1u, 2u, 3u), (int3)(-1, 0, (int)q));
    o[6] = u3.x ^ ((ulong)u3.y << 20) ^ ((ulong)u3.z << 40);
    o[7] = bitselect((ulong)i, ~0UL, q);
    float4 x = f[i];
    float4 y = f[63 - i];
    fout[i * 2] = select(x, y, isgreater(x, y));
    fout[i * 2 + 1] = bitselect(x, y, as_float4((uint4)(0x80000000u, 0x007fffffu, 0xffffffffu, 0u)));
}
