// RUN: --kernel half_round --global 64 --local 16 --arg f32[256]=randu:401:-70000:70000 --arg f16[2048]=zeros --arg f32[512]=zeros
// TOLERANCE: 0 0
// SPIRV-POCL-UNSUPPORTED: PoCL 3.1's SPIR library lacks convert_half_rtz/rtp/rtn, which vstore_half_rtX reads back to
// vstore_half with every rounding mode (_rte, _rtz, _rtp, _rtn, and the default, which is
// to nearest even) from float (double: diff_half_double.cl), scalar and vector
// (vstore_halfn, vstorea_halfn), on random values of every magnitude, values that overflow
// half (directed modes give the largest finite half or infinity), subnormal halves, ties
// and NaN/infinities; then vload_half/vload_halfn/vloada_halfn read the bits back
// (exactly). PoCL 3.1's kernel library lacks convert_half_rtz/rtp/rtn, so the SPIR-V path
// (oclc's SPIR-V read back by llvm-spirv-14 and linked by PoCL) cannot link this file.
__kernel void half_round(__global const float *a, __global half *h, __global float *back)
{
    int i = get_global_id(0);
    float4 v = vload4(i, a);
    float sp[16] = {65504.0f, 65519.0f, 65520.0f, -65520.0f, 1e9f, -1e9f, 1.0f + 0x1p-11f,
                    1.0f + 0x1.8p-11f, 0x1p-25f, 0x1.8p-25f, -0x1p-25f, 0x1p-14f, 6e-5f,
                    INFINITY, -INFINITY, -0.0f};
    if (i < 4) v = vload4(i, sp);
    float s = v.x * pown(2.0f, (i % 8) * -3);
    __global half *o = h + i * 32;
    vstore_half(s, 0, o);
    vstore_half_rte(s, 1, o);
    vstore_half_rtz(s, 2, o);
    vstore_half_rtp(s, 3, o);
    vstore_half_rtn(s, 4, o);
    vstore_half4(v, 2, o);
    vstore_half4_rtz(v, 3, o);
    vstore_half4_rtp(v, 4, o);
    vstore_half4_rtn(v, 5, o);
    vstore_half2_rte(v.yz * 1e-4f, 14, o);
    vstorea_half3_rtz(v.xyz * 0.001f, 7, o);
    float4 b = vload_half4(2, o) + vload_half4(3, o);
    float3 c = vloada_half3(7, o);
    vstore4(b, i, back);
    vstore4((float4)(c, vload_half(2, o)), i + 64, back);
}
