// RUN: --kernel first_half --global 16 --local 16 --arg f32[16]=iota --arg f32[16]=zeros
// EXPECT: barrier-divergence 10
// OCLGRIND-AT: 11 (Oclgrind names the barrier, oclc the condition the work-items disagree on)
// Only the first half of the group reaches the barrier inside the if.
__kernel void first_half(__global const float *in, __global float *out)
{
    __local float tile[16];
    int l = get_local_id(0);
    tile[l] = in[get_global_id(0)];
    if (l < 8) {
        barrier(CLK_LOCAL_MEM_FENCE);
        out[get_global_id(0)] = tile[15 - l];
    }
}
