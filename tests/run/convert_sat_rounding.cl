// RUN: --kernel sat_ints --global 512 --local 64 --arg u64[512]=rand:91 --arg i32[8192]=zeros
// RUN: --kernel sat_floats --global 512 --local 64 --arg u64[512]=rand:92 --arg i32[8192]=zeros
// RUN: --kernel directed --global 512 --local 64 --arg u64[512]=rand:93 --arg u32[8192]=zeros
// convert_T_sat between every integer width and signedness, from float and double
// (NaN, infinities and out-of-range values from random bit patterns) with each rounding
// mode, and int/long/double to float (and long to double) with _rte/_rtz/_rtp/_rtn.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void sat_ints(__global const ulong *in, __global int *out)
{
    int i = get_global_id(0);
    ulong b = in[i];
    long l = (long)b;
    int n = (int)(b >> 17);
    uint u = (uint)b;
    short s = (short)(b >> 40);
    __global int *o = out + 16 * i;
    o[0] = convert_char_sat(n) + 1000 * convert_uchar_sat(n);
    o[1] = convert_short_sat(n) ^ (convert_ushort_sat(n) << 15);
    o[2] = (int)convert_uint_sat(n);
    o[3] = convert_int_sat(u);
    o[4] = convert_int_sat(l);
    o[5] = (int)convert_uint_sat(l);
    o[6] = (int)convert_uint_sat(b) ^ convert_int_sat(b);
    o[7] = (int)(convert_ulong_sat(n) >> 3) ^ (int)(convert_ulong_sat(l) >> 33);
    o[8] = (int)(convert_long_sat(b) >> 32);
    o[9] = convert_char_sat(s) + convert_uchar_sat(s) * 3 + convert_ushort_sat(s);
    o[10] = convert_short_sat(u) + (convert_char_sat(u) << 20);
    o[11] = convert_uchar_sat(l) + (convert_short_sat(l) << 8);
    int4 v = (int4)(n, -n, n >> 8, (int)u);
    int4 w = convert_int4(convert_char4_sat(v)) + convert_int4(convert_ushort4_sat(v));
    o[12] = w.x; o[13] = w.y; o[14] = w.z; o[15] = w.w;
}

__kernel void sat_floats(__global const ulong *in, __global int *out)
{
    int i = get_global_id(0);
    ulong b = in[i];
    /* Random bits: every class of float; scaled ones land near the integer ranges. */
    float f = as_float((uint)b);
    float g = (float)((long)b >> 20) * 0.37f;
    double d = as_double(b);
    double e = (double)((long)b) * 1.3e-3;
    /* In int range; every value is one rounding of an exact one (a driver may
       reassociate chains of constant multiplications). */
    float h = (float)((long)b >> 36) * 0.37f;
    float k = as_float(((uint)(b >> 32) & 0x807fffffu) | 0x4a000000u);
    __global int *o = out + 16 * i;
    o[0] = convert_int_sat(f) ^ convert_int_sat_rte(g);
    o[1] = (int)convert_uint_sat(f) + (int)convert_uint_sat_rtp(g);
    o[2] = convert_char_sat(f) + 300 * convert_uchar_sat_rtn(g);
    o[3] = convert_short_sat_rtz(g) ^ (convert_ushort_sat(f) << 12);
    o[4] = (int)(convert_long_sat(f) >> 20) ^ (int)convert_long_sat_rtn(g);
    o[5] = (int)(convert_ulong_sat(f) >> 24) ^ (int)convert_ulong_sat_rte(g);
    o[6] = convert_int_sat(d) ^ convert_int_sat_rtp(e);
    o[7] = (int)convert_uint_sat_rtn(e) + convert_char_sat_rte(e);
    o[8] = (int)(convert_long_sat(e) >> 7) ^ (int)(convert_ulong_sat_rtz(d) >> 40);
    o[9] = convert_int_sat_rte(g * 0.5f) - convert_int_sat_rtp(g * 0.25f);
    o[10] = convert_int(h) + convert_int_rte(h) * 3 - convert_int_rtn(k) + convert_int_rtp(k);
    float4 v = (float4)(f, g, -g, k);
    int4 w = convert_int4_sat_rtn(v) ^ convert_int4(convert_short4_sat_rtp(v));
    o[11] = w.x; o[12] = w.y; o[13] = w.z; o[14] = w.w;
    o[15] = convert_uchar_sat(NAN) + convert_char_sat(-INFINITY) + convert_ushort_sat(INFINITY);
}

__kernel void directed(__global const ulong *in, __global uint *out)
{
    int i = get_global_id(0);
    ulong b = in[i];
    long l = (long)b;
    int n = (int)b;
    uint u = (uint)(b >> 32);
    double d = as_double((b & 0x8fffffffffffffffUL) | 0x3000000000000000UL);
    __global uint *o = out + 16 * i;
    o[0] = as_uint(convert_float_rtz(n)) ^ as_uint(convert_float_rte(n));
    o[1] = as_uint(convert_float_rtp(n)) + as_uint(convert_float_rtn(n));
    o[2] = as_uint(convert_float_rtz(u)) ^ as_uint(convert_float_rtp(u)) * 3;
    o[3] = as_uint(convert_float_rtn(u));
    o[4] = as_uint(convert_float_rtz(l)) ^ (as_uint(convert_float_rtp(l)) << 1);
    o[5] = as_uint(convert_float_rtn(l)) ^ as_uint(convert_float(l));
    o[6] = as_uint(convert_float_rtz(b)) + as_uint(convert_float_rtp(b));
    o[7] = as_uint(convert_float_rtn(b >> (i & 63)));
    o[8] = as_uint(convert_float_rtz(d)) ^ as_uint(convert_float_rte(d));
    o[9] = as_uint(convert_float_rtp(d)) - as_uint(convert_float_rtn(d));
    o[10] = as_uint(convert_float_rtp(d * 1e-300)) + as_uint(convert_float_rtn(d * 1e300));
    o[11] = as_uint(convert_float_rtz(as_double(b))) ^ as_uint(convert_float_rtp(as_double(b)));
    ulong x = as_ulong(convert_double_rtz(l)) ^ as_ulong(convert_double_rtp(b));
    ulong y = as_ulong(convert_double_rtn(l)) + as_ulong(convert_double_rtz(b));
    o[12] = (uint)x; o[13] = (uint)(x >> 32); o[14] = (uint)y; o[15] = (uint)(y >> 32);
}
