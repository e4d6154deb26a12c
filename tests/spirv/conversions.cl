// CHECK: SaturatedConversion
// CHECK: FPRoundingMode RTP
// CHECK: OpExtInst %v4float %1 floor
// CHECK: OpBitcast
// Saturating conversions are decorated; a rounding mode on an integer result rounds first
// (FPRoundingMode only applies to float results), on a float result it is a decoration;
// as_T is a bitcast.
__kernel void k(__global const float4 *in, __global uchar4 *sat, __global int4 *down,
                __global short *z, __global uint *bits, __global const long *big,
                __global float *up)
{
    int i = get_global_id(0);
    sat[i] = convert_uchar4_sat_rte(in[i]);
    down[i] = convert_int4_rtn(in[i]);
    z[i] = convert_short_sat_rtz(in[i].x * 1000.0f);
    bits[i] = as_uint(in[i].y);
    up[i] = convert_float_rtp(big[i]);
}
