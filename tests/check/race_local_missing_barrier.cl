// RUN: --kernel rotate_tile --global 16 --local 16 --arg f32[16]=iota --arg f32[16]=zeros
// EXPECT: data-race 13
// EXPECT: data-race 14
// Rotates a tile in __local memory but forgot the barrier between the writes and the
// reads: work-item l reads the element work-item l + 1 writes.
__kernel void rotate_tile(__global const float *in, __global float *out)
{
    __local float tile[16];
    int l = get_local_id(0);
    tile[l] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    // barrier(CLK_LOCAL_MEM_FENCE) missing after this write
    tile[l] = in[get_global_id(0)];
    out[get_global_id(0)] = tile[(l + 1) % 16];
}
