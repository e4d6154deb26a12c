// RUN: --kernel transpose --global 64,48 --local 16,16 --arg f32[48,64]=rand:9 --arg f32[64,48]=zeros --arg i32:64 --arg i32:48
// RUN: -D TILE=8 --kernel transpose --global 40,24 --local 8,8 --arg f32[24,40]=iota --arg f32[40,24]=zeros --arg i32:40 --arg i32:24
// Tiled matrix transpose through a __local tile declared in the kernel.
#ifndef TILE
#define TILE 16
#endif

__kernel void transpose(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_group_id(0) * TILE + lx;
    int y = get_group_id(1) * TILE + ly;
    if (x < width && y < height)
        tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE + lx;
    y = get_group_id(0) * TILE + ly;
    if (x < height && y < width)
        out[y * height + x] = tile[lx][ly];
}
