// Half conversions (vstore_half in every rounding mode, vload_half): generated inside the
// object. Inputs cover half's normal range, its subnormals, and overflow past 65504.
// OBJECT-RUN: --kernel halfconv --global 1024 --arg f32[1024]=rand:9:-70000:70000 --arg f32[1024]=rand:10:-0.0002:0.0002 --arg f16[2048]=zeros --arg f16[2048]=zeros --arg f16[2048]=zeros --arg f16[2048]=zeros --arg f32[2048]=zeros
__kernel void halfconv(__global const float *wide, __global const float *small,
                       __global half *rte, __global half *rtz, __global half *rtp,
                       __global half *rtn, __global float *back)
{
    size_t i = get_global_id(0);
    float v[2] = {wide[i], small[i]};
    for (int k = 0; k < 2; k++) {
        size_t j = 2 * i + k;
        vstore_half(v[k], j, rte);
        vstore_half_rtz(v[k], j, rtz);
        vstore_half_rtp(v[k], j, rtp);
        vstore_half_rtn(v[k], j, rtn);
        back[j] = vload_half(j, rte) + vload_half(j, rtn);
    }
}
