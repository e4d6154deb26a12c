// RUN: --kernel sums --global 16 --local 16 --arg f32[16]=iota --arg f32[16]=zeros
// EXPECT: uninitialised-read 12
// Only the even work-items fill the __local tile, but every work-item reads its odd
// neighbour too.
__kernel void sums(__global const float *in, __global float *out)
{
    __local float tile[16];
    int l = get_local_id(0);
    if (l % 2 == 0)
        tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[l] + tile[l ^ 1];
}
