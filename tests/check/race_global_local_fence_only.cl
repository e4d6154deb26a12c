// RUN: --kernel shift --global 16 --local 16 --arg f32[16]=iota --arg f32[16]=zeros --arg f32[16]=zeros
// EXPECT: global-data-race 10
// Stages a row in a __global scratch buffer, then reads the neighbour's element after a
// barrier that fences only __local memory: the write and the read are not ordered.
__kernel void shift(__global const float *in, __global float *tmp, __global float *out)
{
    int l = get_local_id(0);
    tmp[l] = in[l] * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[l] = tmp[(l + 1) % 16];
}
