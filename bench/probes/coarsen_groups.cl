// Work-group coarsening probe: the GPU suite's three `__local` kernels (the tree reduction of
// samples/reduce.cl, the tiled transpose of samples/transpose.cl, the 16x4 stencil of
// tests/run/local_2d.cl) written so that one work-item computes its local id in C work-groups
// (-DC=1, 2 or 4), each group with its own __local tile, all groups meeting at one barrier.
// The launch's global size shrinks by C along the coarsened dimension (x for the reduction,
// y for the others); the results are those of the plain kernels. scripts/gpu-coarsen-groups.sh
// times them on oclc's Vulkan and the vendor's OpenCL.
#ifndef C
#define C 2
#endif

__kernel void reduce_sum(__global const float *in, __global float *out)
{
    __local float scratch[C][128];
    uint lid = get_local_id(0);
    uint n = get_local_size(0);
    uint g = get_group_id(0) * C;
#pragma unroll
    for (int c = 0; c < C; c++)
        scratch[c][lid] = in[(g + c) * n + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = n / 2; s > 0; s >>= 1) {
        if (lid < s) {
#pragma unroll
            for (int c = 0; c < C; c++)
                scratch[c][lid] += scratch[c][lid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
#pragma unroll
        for (int c = 0; c < C; c++)
            out[g + c] = scratch[c][0];
    }
}

__kernel void transpose(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[C][16][17];
    int lx = get_local_id(0), ly = get_local_id(1);
#pragma unroll
    for (int c = 0; c < C; c++) {
        int x = get_group_id(0) * 16 + lx;
        int y = (get_group_id(1) * C + c) * 16 + ly;
        if (x < width && y < height)
            tile[c][ly][lx] = in[y * width + x];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int c = 0; c < C; c++) {
        int x = (get_group_id(1) * C + c) * 16 + lx;
        int y = get_group_id(0) * 16 + ly;
        if (x < height && y < width)
            out[y * height + x] = tile[c][lx][ly];
    }
}

__kernel void stencil(__global const float *in, __global float *out)
{
    __local float tile[C][6][18];
    int w = get_global_size(0), h = get_global_size(1) * C;
    int gx = get_global_id(0);
    int lx = get_local_id(0) + 1, ly = get_local_id(1) + 1;
    int sx = get_local_size(0), sy = get_local_size(1);
    float centre[C];
#pragma unroll
    for (int c = 0; c < C; c++) {
        int gy = (get_group_id(1) * C + c) * sy + ly - 1;
        centre[c] = in[gy * w + gx];
        tile[c][ly][lx] = centre[c];
        if (lx == 1) tile[c][ly][0] = gx > 0 ? in[gy * w + gx - 1] : 0.0f;
        if (lx == sx) tile[c][ly][lx + 1] = gx + 1 < w ? in[gy * w + gx + 1] : 0.0f;
        if (ly == 1) tile[c][0][lx] = gy > 0 ? in[(gy - 1) * w + gx] : 0.0f;
        if (ly == sy) tile[c][ly + 1][lx] = gy + 1 < h ? in[(gy + 1) * w + gx] : 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int c = 0; c < C; c++) {
        int gy = (get_group_id(1) * C + c) * sy + ly - 1;
        float sum = 0.0f;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (dx == 0 || dy == 0)
                    sum += tile[c][ly + dy][lx + dx];
        out[gy * w + gx] = 0.5f * centre[c] + 0.1f * sum;
    }
}
