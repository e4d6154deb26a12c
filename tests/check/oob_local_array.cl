// RUN: --kernel shift --global 32 --local 16 --arg f32[32]=iota --arg f32[32]=zeros
// EXPECT: out-of-bounds-read 11
// Each work-item reads its right neighbour's element of a __local tile of 16, but the last
// work-item of each group reads tile[16], past the tile's end.
__kernel void shift(__global const float *in, __global float *out)
{
    __local float tile[16];
    int l = get_local_id(0);
    tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[l + 1];
}
