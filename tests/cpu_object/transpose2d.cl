// A 2-D range with a global offset and an explicit work-group size; a tiled transpose
// through __local memory, plus the work-item queries of both dimensions.
// OBJECT-RUN: --kernel transpose --global 48,32 --local 8,4 --offset 0,0 --arg f32[1536]=rand:8:-1:1 --arg f32[1536]=zeros --arg u32[1536]=zeros
// OBJECT-RUN: --kernel ids2d --global 24,10 --local 8,5 --offset 3,5 --arg u32[2400]=zeros
__kernel void transpose(__global const float *in, __global float *out, __global uint *q)
{
    __local float tile[4][9];
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t w = get_global_size(0), h = get_global_size(1);
    tile[get_local_id(1)][get_local_id(0)] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[x * h + y] = tile[get_local_id(1)][get_local_id(0)] * 2.0f;
    q[y * w + x] = (uint)(get_group_id(0) + 100 * get_group_id(1) + 10000 * get_num_groups(0)
                          + 1000000 * get_local_size(1) + 100000000 * get_work_dim());
}

__kernel void ids2d(__global uint *out)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    out[y * 40 + x] = (uint)(x + 1000 * y + 1000000 * get_local_size(0) + 100000000 * get_global_offset(1));
}
