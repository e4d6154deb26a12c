// RUN: --kernel halves --global 64 --local 16 --arg f32[1024]=randu:81:-70000:70000 --arg f32[512]=zeros --arg i32[512]=zeros
// vstore_half[n] (default and _rte rounding; PoCL 3.1's library lacks convert_half_rtz/rtp/rtn,
// so those suffixes are not run here), vload_half[n] and vloada_half[n], including values
// that overflow half, subnormal halves and ties.
__kernel void halves(__global const float *a, __global float *out, __global int *iout)
{
    int i = get_global_id(0);
    float4 v = vload4(i, a);
    float3 w = vload3(i, a + 512) * 1e-3f;
    if (i == 0) v = (float4)(65520.0f, -1e-7f, 1.0f + 0x1p-11f, 6e-5f);
    __global half *h = (__global half *)iout;
    vstore_half4(v, i, h);
    vstore_half2_rte(w.xy, i, h + 256);
    vstore_half(w.z, i, h + 384);
    vstorea_half3(w, i, h + 448);
    float4 back = vload_half4(i, h);
    vstore4(back, i, out);
    float3 b3 = vloada_half3(i, h + 448);
    out[256 + i] = vload_half(i, h + 384) + vloada_half2(i, h + 256).y + b3.x + b3.y + b3.z;
}
