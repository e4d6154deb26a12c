// RUN: --kernel tail --global 16 --local 16 --arg f32[16]=iota --arg f32[16]=zeros --arg i32:12
// EXPECT: barrier-divergence 9
// OCLGRIND-AT: 12 (Oclgrind names the barrier, oclc the condition of the early return)
// Work-items past n return before the barrier the others wait at.
__kernel void tail(__global const float *in, __global float *out, int n)
{
    __local float tile[16];
    int l = get_local_id(0);
    if (l >= n)
        return;
    tile[l] = in[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[l] = tile[(l + 1) % n];
}
