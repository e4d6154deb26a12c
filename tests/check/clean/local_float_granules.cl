// RUN: --kernel shift --global 64 --local 16 --arg f32[64]=iota --arg f32[64]=zeros
// Neighbouring work-items write neighbouring floats of a __local tile (one 4-byte shadow
// cell each: no race between them), read four of them after the barrier, and after the
// next one write their own elements again.
__kernel void shift(__global const float *in, __global float *out)
{
    __local float tile[16];
    int l = get_local_id(0), g = get_global_id(0);
    tile[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int q = l & ~3;
    float4 v = (float4)(tile[q], tile[q + 1], tile[q + 2], tile[q + 3]);
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = tile[l] * 2.0f + v.w;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = v.x + v.y + v.z + tile[15 - l];
}
