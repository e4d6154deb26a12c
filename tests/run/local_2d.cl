// RUN: --kernel stencil --global 32,24 --local 8,4 --offset 0,0 --arg f32[24,32]=randu:5:-1:1 --arg f32[24,32]=zeros
// RUN: --kernel stencil --global 32,24 --local 16,2 --arg f32[24,32]=rand:6 --arg f32[24,32]=zeros
// A 2-D work-group loads a tile with a halo into __local memory, synchronizes, and applies a
// 3x3 stencil; values computed before the barrier are used after it.
#define LX 16
#define LY 4

__kernel void stencil(__global const float *in, __global float *out)
{
    __local float tile[LY + 2][LX + 2];
    int w = get_global_size(0), h = get_global_size(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int lx = get_local_id(0) + 1, ly = get_local_id(1) + 1;
    int sx = get_local_size(0), sy = get_local_size(1);
    float centre = in[gy * w + gx];
    tile[ly][lx] = centre;
    if (lx == 1) tile[ly][0] = gx > 0 ? in[gy * w + gx - 1] : 0.0f;
    if (lx == sx) tile[ly][lx + 1] = gx + 1 < w ? in[gy * w + gx + 1] : 0.0f;
    if (ly == 1) tile[0][lx] = gy > 0 ? in[(gy - 1) * w + gx] : 0.0f;
    if (ly == sy) tile[ly + 1][lx] = gy + 1 < h ? in[(gy + 1) * w + gx] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float sum = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx == 0 || dy == 0)
                sum += tile[ly + dy][lx + dx];
    out[gy * w + gx] = 0.5f * centre + 0.1f * sum;
}
