// RUN: --kernel wide_arith --global 64 --local 16 --arg f32[1024]=randu:601:-8:8 --arg i32[1024]=randu:602:-1000:1000 --arg f32x8:0.5,-1,2,3.25,-4,5,6.5,-7 --arg i32x16:1,-2,3,-4,5,-6,7,-8,9,-10,11,-12,13,-14,15,-16 --arg f32[1024]=zeros --arg i32[3072]=zeros
// RUN: --kernel wide_lanes --global 64 --local 16 --arg f32[1024]=randu:603:-8:8 --arg u32[64]=rand:604 --arg f32[2048]=zeros
// RUN: --kernel wide_bits --global 64 --local 16 --arg u32[1024]=rand:605 --arg u32[2048]=zeros
// RUN: --kernel wide_memory --global 64 --local 16 --arg f32x8[64]=randu:606:-4:4 --arg f32[1024]=zeros --arg i32x16[64]=zeros
// RUN: --kernel wide_more --global 64 --local 16 --arg f32[1024]=randu:607:-6:6 --arg i32[1024]=rand:608 --arg f64[1024]=zeros --arg i64[1024]=zeros --arg f32[2048]=zeros
// TOLERANCE: 1e-5 1e-4
// (dot and length may be contracted differently: sums of products of values up to 8)
// 8- and 16-component vectors, which Vulkan lacks (oclc splits them into 4-lane pieces):
// arithmetic, comparisons (-1/0), select, conversions, math built-ins, by-value wide
// kernel arguments, helpers taking and returning wide vectors, swizzles (.s0-.sF,
// .lo/.hi/.even/.odd), shuffles, as_type reinterpretations, vload/vstore, wide vectors in
// buffers, structs, private arrays and __local memory.

float8 scale_add(float8 x, float8 y, float k) { return x * k + y; }

int16 pick(int16 a, int16 b) { return a < b ? b - a : a ^ b; }

__kernel void wide_arith(__global const float *a, __global const int *ia, float8 s, int16 t,
                         __global float *out, __global int *iout)
{
    int i = get_global_id(0);
    float8 x = vload8(i, a);
    float8 y = vload8(i ^ 1, a);
    int16 n = vload16(i, ia);
    float8 r = scale_add(x, y, 0.25f) + s;
    r += fabs(x) * fmin(y, s) - fmax(x, 1.5f);
    r = mad(r, (float8)(0.5f), sqrt(fabs(y)));
    r += clamp(x, -2.0f, 2.0f) + floor(y) + sin(x) * exp(y * 0.1f);
    int8 c = isgreater(x, y);
    int8 d = x < s;
    r = select(r, -r, c);
    r = d.s0 ? r : r * 2.0f;
    vstore8(r, i, out);
    vstore8(convert_float8(c - d) + convert_float8(x > 0.0f), i + 64, out);
    int16 m = pick(n, t) + (n >> 3) - (t << 2) + convert_int16(abs(n)) / 3 + n % 7;
    m = max(m, (int16)(-500)) + min(n, t) + rotate(n, (int16)(5)) + popcount(n);
    m += convert_int16(convert_float16(n) * 0.5f) + convert_int16_sat(convert_long16(n) * 3000000);
    m |= (n == t) & 1;
    vstore16(m, i, iout);
    uchar16 u = convert_uchar16_sat(n);
    short16 sh = convert_short16(n) * (short)3;
    vstore16(convert_int16(u) + convert_int16(sh), i + 64, iout);
    ushort8 h = convert_ushort8_sat(x * 1000.0f);
    vstore8(convert_int8(h) + convert_int8_rte(x * 3.0f), i + 256, iout);
}

__kernel void wide_lanes(__global const float *a, __global const uint *m, __global float *out)
{
    int i = get_global_id(0);
    float8 p = vload8(i, a);
    float16 q = vload16(i, a);
    float4 v = vload4(i, a + 512);
    float4 r = p.lo * 2.0f + p.hi - p.even + p.odd * 3.0f;
    r += q.s048c + q.sFEDC * q.s1357.wzyx - q.hi.lo + q.lo.hi.even.xxyy;
    r.x += q.sf + q.s9 - p.s7;
    p.s3 = q.sA;
    p.odd = v;
    q.hi.hi = p.even;
    q.s05 = (float2)(1.0f, 2.0f);
    float8 s1 = shuffle(q, (uint8)(15, 0, 14, 1, 13, 2, 12, 3));
    float16 s2 = shuffle2(p, v.xyzwxyzw, (uint16)(8, 0, 9, 1, 10, 2, 11, 3, 12, 4, 13, 5, 14, 6, 15, 7));
    uint8 mk = (uint8)(m[i], m[i] >> 4, m[i] >> 8, m[i] >> 12, m[i] >> 16, m[i] >> 20, m[i] >> 24, m[i] >> 28);
    float8 s3 = shuffle(q, mk);
    float16 c = (float16)(v, p.lo, (float2)(r.x, 7.0f), r.zw, p.s4567);
    vstore4(r, i, out);
    vstore8(s1 + s3, i, out + 256);
    vstore16(s2 + c + q, i, out + 1024);
    out[768 + i] = dot(p.lo, p.hi) + length(q.s0123) + p.s6 + c.sb;
}

__kernel void wide_bits(__global const uint *a, __global uint *out)
{
    int i = get_global_id(0);
    uint16 x = vload16(i, a);
    float16 f = as_float16(x);
    uint16 back = as_uint16(f * 1.0f == f ? f : 0.0f);
    uchar16 c = as_uchar16(x.lo.lo);
    ushort8 s = as_ushort8(x.hi.lo);
    ulong4 l = as_ulong4(x.lo);
    uint4 fc = as_uint4(as_ulong2(convert_uchar16_sat(x) + (uchar)1).yx);
    uint8 fromc = (uint8)(fc, fc.wzyx) + as_uint8(as_ulong4(x.hi).yxwz);
    uint4 fromc2 = as_uint4(c.s89abcdef01234567);
    vstore16(back ^ x, i, out);
    vstore8(fromc, i, out + 1024);
    vstore4(fromc2 + as_uint4(s.s76543210) + as_uint4(l.wzyx.lo), i, out + 1536);
    ulong2 q = as_ulong2(c);
    out[1792 + i] = (uint)(q.x ^ (q.y >> 7));
}

typedef struct {
    float tag;
    float8 value;
    int16 counts;
    float tail;
} Item;

__kernel void wide_memory(__global const float8 *src, __global float *out, __global int16 *iout)
{
    __local float8 tile[16];
    __local Item items[4];
    int i = get_global_id(0), l = get_local_id(0);
    float8 pr[3];
    for (int k = 0; k < 3; ++k)
        pr[k] = src[(i + k) % 64] * (float)(k + 1);
    tile[l] = pr[l % 3] + pr[(l + 1) % 3];
    if (l < 4) {
        items[l].tag = (float)l;
        items[l].value = src[i];
        items[l].counts = (int16)(l);
        items[l].counts.s7 = (int)sizeof(Item) + (int)__alignof__(Item);
        items[l].tail = 2.5f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float8 t = tile[(l + 3) % 16] - tile[l];
    Item it = items[l % 4];
    t += it.value * it.tag + it.tail;
    __global Item *g = (__global Item *)out;
    if (i < 8) {
        g[i] = it;
        g[i].value.s2 = t.s5;
    }
    __global float8 *o8 = (__global float8 *)(out + 512);
    o8[i] = t;
    iout[i] = it.counts + (int16)(i);
}

__constant float8 table[2] = {(float8)(1, 2, 3, 4, 5, 6, 7, 8),
                              (float8)(-1, 0.5f, -0.25f, 2, -3, 4, 0, 1)};

__kernel void wide_more(__global const float *a, __global const int *ia, __global double *d,
                        __global long *lo, __global float *f)
{
    int i = get_global_id(0);
    float8 x = vload8(i, a) + table[i & 1];
    int16 n = vload16(i, ia);
    double8 dx = convert_double8(x) * 1.5 + convert_double8(n.hi);
    dx = dx * dx - 1.0 + select(-dx, dx, convert_long8(n.lo) > 0);
    vstore8(dx, i, d);
    long8 l = convert_long8(n.even) * convert_long8(n.odd) + upsample(n.lo, as_uint8(n.hi));
    l = (l >> 5) ^ (l << 3) + clz(l);
    vstore8(l, i, lo);
    lo[512 + i] = any(n < 0) + 2 * all(n.lo > -2147483647) + 4 * any(x > 100.0f) +
                  8 * all(isfinite(x));
    uint16 u = as_uint16(n);
    vstore16(as_float16(bitselect(u, ~u, (uint16)(0x80000000u))), i, f);
    short8 s = hadd(convert_short8(n.lo), convert_short8(n.hi)) + mad_sat(convert_short8(n.lo), (short8)(3), (short8)(-7));
    f[1024 + i] = (float)(s.s0 + s.s7 + s.s3);
    vstore_half8(x, i, (__global half *)(lo + 576));
    float8 back = vload_half8(i, (__global const half *)(lo + 576));
    vstore8(back + convert_float8_rtz(n.lo) + convert_float8(convert_int8_sat_rtn(x * 100.5f)), i + 136, f);
}
