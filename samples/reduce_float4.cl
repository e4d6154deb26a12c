// RUN: --kernel reduce_sum4 --global 1024 --local 128 --arg f32x4[8192]=rand:7 --arg u32:8192 --arg f32[8]=zeros --arg local:512
// RUN: --kernel reduce_sum4 --global 96 --local 32 --arg f32x4[1000]=randu:8:-1:1 --arg u32:1000 --arg f32[3]=zeros --arg local:128
// Bandwidth-minded reduction: each work-item first sums float4 loads in a grid-stride
// loop (consecutive work-items read consecutive float4s), then the work-group combines
// the per-item sums in __local memory. out[g] = the g-th work-group's partial sum.
__kernel void reduce_sum4(__global const float4 *in, uint n4,
                          __global float *out, __local float *scratch)
{
    uint lid = get_local_id(0);
    float4 acc = (float4)(0.0f);
    for (size_t i = get_global_id(0); i < n4; i += get_global_size(0))
        acc += in[i];
    scratch[lid] = (acc.x + acc.y) + (acc.z + acc.w);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}
