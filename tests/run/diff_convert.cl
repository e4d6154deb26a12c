// RUN: --kernel conv_from_int --global 64 --local 16 --arg u64[64]=rand:281 --arg u64[1024]=zeros
// RUN: --kernel conv_from_float --global 64 --local 16 --arg f32[64]=randu:282:-70000:70000 --arg u64[1024]=zeros
// RUN: --kernel conv_int_to_float --global 64 --local 16 --arg u64[64]=rand:283 --arg f32[1024]=zeros
// RUN: --kernel conv_as --global 64 --local 16 --arg u64[128]=rand:284 --arg u64[512]=zeros
// TOLERANCE: 0 0
// Conversions between scalar kinds: every integer width to every other (wrapping and
// _sat), float to every integer with each rounding mode and saturation (incl. NaN,
// infinities, halves, values out of range), integers of every width to float with each
// rounding mode (the default for int -> float is round to nearest even), and as_T
// reinterpretation between same-sized scalars and vectors. All results are exact.
#define PACK8(a, b, c, d, e, f, g, h) \
    ((ulong)(uchar)(a) | (ulong)(uchar)(b) << 8 | (ulong)(uchar)(c) << 16 | \
     (ulong)(uchar)(d) << 24 | (ulong)(uchar)(e) << 32 | (ulong)(uchar)(f) << 40 | \
     (ulong)(uchar)(g) << 48 | (ulong)(uchar)(h) << 56)

__kernel void conv_from_int(__global const ulong *in, __global ulong *out)
{
    int i = get_global_id(0);
    ulong r = in[i];
    ulong edge[4] = {0x8000000000000000UL, 0x7fffffffffffffffUL, 0xffffffffffffffffUL, 0x80UL};
    if (i < 4) r = edge[i];
    long l = (long)r;
    int w = (int)r;
    short s = (short)r;
    char c = (char)r;
    __global ulong *o = out + i * 16;
    o[0] = PACK8(convert_char(l), convert_char_sat(l), convert_uchar_sat(l), convert_char_sat(w),
                 convert_uchar_sat(w), convert_char_sat(s), convert_uchar_sat(s), convert_uchar_sat(c));
    o[1] = PACK8(convert_char_sat((ulong)r), convert_uchar_sat((ulong)r), convert_char_sat((uint)w),
                 convert_uchar_sat((uint)w), convert_char_sat((ushort)s), convert_uchar_sat((ushort)s),
                 convert_char_sat((uchar)c), convert_char((uchar)c));
    o[2] = (ulong)(ushort)convert_short_sat(l) | (ulong)convert_ushort_sat(l) << 16
         | (ulong)(ushort)convert_short_sat(w) << 32 | (ulong)convert_ushort_sat(w) << 48;
    o[3] = (ulong)(ushort)convert_short_sat((ulong)r) | (ulong)convert_ushort_sat((uint)w) << 16
         | (ulong)(ushort)convert_short_sat((ushort)s) << 32 | (ulong)convert_ushort_sat(c) << 48;
    o[4] = (ulong)(uint)convert_int_sat(l) | (ulong)convert_uint_sat(l) << 32;
    o[5] = (ulong)(uint)convert_int_sat((ulong)r) | (ulong)convert_uint_sat(w) << 32;
    o[6] = (ulong)(uint)convert_int_sat((uint)w) | (ulong)convert_uint_sat(s) << 32;
    o[7] = (ulong)convert_long_sat((ulong)r);
    o[8] = convert_ulong_sat(l);
    o[9] = convert_ulong_sat(w) ^ (ulong)convert_long(c) ^ convert_ulong(s);
    o[10] = (ulong)convert_long((uint)w) + (ulong)convert_long_sat(s);
    short4 s4 = convert_short4_sat((int4)(w, -w, w >> 8, (int)(r >> 40)));
    o[11] = as_ulong(s4);
    uchar8 u8 = convert_uchar8_sat(as_short8((ulong2)(r, ~r)));
    o[12] = as_ulong(u8);
    char8 c8 = convert_char8_sat(as_uchar8(r));
    o[13] = as_ulong(c8);
    int2 i2 = convert_int2_sat((long2)(l, l >> 16));
    o[14] = as_ulong(i2);
    uint2 ui2 = convert_uint2_sat(as_int2(r));
    o[15] = as_ulong(ui2);
}

__kernel void conv_from_float(__global const float *in, __global ulong *out)
{
    int i = get_global_id(0);
    float sp[16] = {NAN, INFINITY, -INFINITY, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f,
                    -1.0f, 2147483648.0f, -2147483904.0f, 4294967296.0f, 1e20f, -1e20f,
                    255.5f, -128.5f};
    float x = i < 16 ? sp[i] : in[i] * ((i & 1) ? 1.0f : 1e-4f);
    __global ulong *o = out + i * 16;
    o[0] = PACK8(convert_char_sat(x), convert_char_sat_rte(x), convert_char_sat_rtz(x),
                 convert_char_sat_rtp(x), convert_char_sat_rtn(x), convert_uchar_sat(x),
                 convert_uchar_sat_rte(x), convert_uchar_sat_rtn(x));
    o[1] = (ulong)(ushort)convert_short_sat_rte(x) | (ulong)convert_ushort_sat_rtp(x) << 16
         | (ulong)(ushort)convert_short_sat_rtn(x) << 32 | (ulong)convert_ushort_sat(x) << 48;
    o[2] = (ulong)(uint)convert_int_sat(x) | (ulong)convert_uint_sat(x) << 32;
    o[3] = (ulong)(uint)convert_int_sat_rte(x) | (ulong)convert_uint_sat_rte(x) << 32;
    o[4] = (ulong)(uint)convert_int_sat_rtp(x) | (ulong)convert_uint_sat_rtp(x) << 32;
    o[5] = (ulong)(uint)convert_int_sat_rtn(x) | (ulong)convert_uint_sat_rtn(x) << 32;
    o[6] = (ulong)convert_long_sat(x);
    o[7] = convert_ulong_sat_rtp(x);
    o[8] = (ulong)convert_long_sat_rtn(x) ^ (ulong)convert_long_sat_rte(x);
    // Plain (non-saturating) conversions only for values in range.
    float y = clamp(x, -100.0f, 100.0f);
    if (isnan(y)) y = 0.0f;
    o[9] = PACK8(convert_char(y), convert_char_rte(y), convert_char_rtp(y), convert_char_rtn(y),
                 convert_uchar(fabs(y)), convert_uchar_rte(fabs(y)), convert_uchar_rtp(fabs(y)),
                 convert_uchar_rtn(fabs(y)));
    o[10] = (ulong)(uint)convert_int_rte(y * 1000.25f) | (ulong)(uint)convert_int_rtp(y * 3.5f) << 32;
    o[11] = (ulong)convert_long_rtn(y * 1e7f);
    int4 r4 = convert_int4_sat_rte((float4)(x, -x, x * 0.5f, x + 0.5f));
    o[12] = as_ulong(r4.lo) ^ as_ulong(r4.hi);
    uint2 u2 = convert_uint2_sat_rtz((float2)(x, -x));
    o[13] = as_ulong(u2);
    o[14] = (ulong)(ushort)(short)y | (ulong)(int)(y * 7.9f) << 16;
    o[15] = (ulong)(long)(y * -3.75f);
}

__kernel void conv_int_to_float(__global const ulong *in, __global float *out)
{
    int i = get_global_id(0);
    ulong r = in[i];
    ulong edge[4] = {0x8000000000000000UL, 0x7fffffffffffffffUL, 0xffffffffffffffffUL, 0x1000001UL};
    if (i < 4) r = edge[i];
    __global float *o = out + i * 16;
    o[0] = convert_float((long)r);
    o[1] = convert_float_rtz((long)r);
    o[2] = convert_float_rtp((long)r);
    o[3] = convert_float_rtn((long)r);
    o[4] = convert_float(r);
    o[5] = convert_float_rtz(r);
    o[6] = convert_float_rtp(r);
    o[7] = convert_float_rtn(r);
    o[8] = convert_float((int)r);
    o[9] = convert_float_rtz((int)r);
    o[10] = convert_float_rtp((uint)r);
    o[11] = convert_float_rtn((int)r);
    o[12] = convert_float((short)r) + convert_float((uchar)r) * 65536.0f;
    o[13] = convert_float((char)r) + convert_float((ushort)r) * 256.0f;
    float4 f4 = convert_float4_rtz((int4)((int)r, (int)(r >> 32), (int)(r >> 7), -(int)r));
    o[14] = f4.x + f4.y;
    o[15] = (float)(uint)r;
}

__kernel void conv_as(__global const ulong *in, __global ulong *out)
{
    int i = get_global_id(0);
    ulong r = in[2 * i];
    ulong q = in[2 * i + 1];
    __global ulong *o = out + i * 8;
    o[0] = as_ulong(as_float2(r).yx);
    o[1] = as_ulong(as_uint2(as_float2(r) * 1.0f == as_float2(r)));
    o[2] = as_ulong(as_char8(r).s76543210);
    o[3] = as_ulong((ushort4)(as_ushort2(as_uint((float)(uint)r)), as_ushort2(as_int(as_float((uint)q)))));
    uchar16 b = as_uchar16((ulong2)(r, q));
    o[4] = as_ulong(b.even) ^ as_ulong(b.odd << (uchar8)(3));
    int3 t = as_int3(as_int4((ulong2)(q, r)));
    o[5] = (ulong)(uint)t.x | (ulong)(uint)t.z << 32;
    o[6] = as_ulong(as_short4(as_int2(as_float2(q))));
    o[7] = as_ulong(as_long(q) >> 3) ^ as_ulong(as_uint2(as_float2(r).xx));
}
