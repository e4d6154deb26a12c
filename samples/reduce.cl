// RUN: --kernel reduce_sum --global 4096 --local 128 --arg f32[4096]=rand:7 --arg f32[32]=zeros --arg local:512
// RUN: --kernel reduce_sum --global 1024 --local 16 --arg f32[1024]=randu:8:-1:1 --arg f32[64]=zeros --arg local:64
// Work-group tree reduction in __local memory: out[g] = sum of the g-th block of `in`.
// The local size must be a power of two.
__kernel void reduce_sum(__global const float *in,
                         __global float *out,
                         __local float *scratch)
{
    uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}
