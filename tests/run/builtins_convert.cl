// RUN: --kernel conv --global 256 --local 64 --arg f32x4[256]=randu:41:-300:300 --arg i32x4[256]=rand:42 --arg i32x4[1024]=zeros --arg f32x4[512]=zeros --arg u8x4[256]=zeros
// convert_T[_sat][_rtX] between float and integer vectors and between integer widths,
// as_T reinterpretation including 3- and 4-element vectors.
__kernel void conv(__global const float4 *a, __global const int4 *b, __global int4 *out,
                   __global float4 *fout, __global uchar4 *cout)
{
    int i = get_global_id(0);
    float4 x = a[i];
    int4 n = b[i];
    float4 xs = x;
    // Out-of-range values only reach the saturating conversions (elsewhere they are UB).
    if (i == 0) xs = (float4)(NAN, INFINITY, -INFINITY, 3e9f);
    if (i == 1) x = (float4)(2.5f, -2.5f, 0.5f, -0.5f);
    out[4 * i] = convert_int4(x) + convert_int4_rte(x) * 3;
    out[4 * i + 1] = convert_int4_sat(xs) ^ convert_int4_sat_rtp(xs);
    out[4 * i + 2] = convert_int4_rtn(x) - convert_int4_rtz(x) + convert_int4(convert_short4_sat(n));
    out[4 * i + 3] = convert_int4(convert_char4_sat_rte(xs)) + convert_int4(convert_ushort4_sat(n) >> (ushort)4);
    fout[2 * i] = convert_float4(n) + convert_float4_rtz(n) - convert_float4_rtp(n) + convert_float4_rtn(n);
    float3 f3 = as_float3(n.xyz);
    float4 f4 = as_float4(f3);
    fout[2 * i + 1] = (float4)(f4.xyz, as_float(n.w & 0x3fffffff)) + convert_float4(convert_uint4_sat(xs));
    cout[i] = convert_uchar4_sat(xs) ^ as_uchar4(n.x) ^ convert_uchar4(convert_long4(n));
}
