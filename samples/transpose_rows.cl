// RUN: --kernel transpose_rows --global 64,16 --local 32,8 --arg f32[64,64]=rand:9 --arg f32[64,64]=zeros --arg i32:64 --arg i32:64
// RUN: --kernel transpose_rows --global 96,8 --local 32,8 --arg f32[32,96]=iota --arg f32[96,32]=zeros --arg i32:96 --arg i32:32
// Bandwidth-minded transpose: a 32x32 tile per work-group of 32x8 work-items, each moving
// four rows, so every global read and write is a full 128-byte row of a warp.
// The global size is (width, height / 4); width and height are multiples of 32.
#define TILE 32
#define ROWS 8

__kernel void transpose_rows(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_group_id(0) * TILE + lx;
    int y = get_group_id(1) * TILE + ly;
    for (int j = 0; j < TILE; j += ROWS)
        tile[ly + j][lx] = in[(y + j) * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE + lx;
    y = get_group_id(0) * TILE + ly;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * height + x] = tile[lx][ly + j];
}
