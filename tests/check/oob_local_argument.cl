// RUN: --kernel stage --global 16 --local 16 --arg f32[16]=iota --arg local:32 --arg f32[16]=zeros
// EXPECT: out-of-bounds-write 7
// The __local argument holds 8 floats (32 bytes) but the group has 16 work-items.
__kernel void stage(__global const float *in, __local float *scratch, __global float *out)
{
    int l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[l % 8];
}
