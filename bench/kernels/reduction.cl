// BENCH: reduction | --kernel reduce --global 4194304 --local 256 --arg f32[4194304]=rand:4 --arg f32[16384]=zeros
// BENCH-TINY: --kernel reduce --global 256 --local 256 --arg f32[256]=rand:4 --arg f32[1]=zeros
// BENCH-GPU: reduction | --kernel reduce --global 67108864 --local 256 --arg f32[67108864]=rand:4 --arg f32[262144]=zeros
// TOLERANCE: 1e-4 1e-4
// Work-group tree reduction in __local memory: one partial sum per group.
__kernel void reduce(__global const float *in, __global float *out)
{
    __local float s[256];
    size_t lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k)
            s[lid] += s[lid + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
