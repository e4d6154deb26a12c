// RUN: --kernel regions --global 60 --local 30 --arg f32[60]=rand:15 --arg f32[60]=zeros --arg i32[60]=zeros
// RUN: --kernel regions --global 64 --local 64 --arg f32[64]=rand:16 --arg f32[64]=zeros --arg i32[64]=zeros
// Regions between barriers decide on their own: uniform regions vectorise, the one with a
// varying branch keeps the scalar loop; values and private arrays cross the barriers.
__kernel void regions(__global const float *in, __global float *out, __global int *cnt)
{
    __local float tile[64];
    int l = get_local_id(0);
    int n = get_local_size(0);
    float keep[2];
    keep[0] = in[get_global_id(0)];
    keep[1] = keep[0] * 2.0f;
    tile[l] = keep[0] + 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = tile[n - 1 - l] + tile[(l + 1) % n];
    if (l % 3 == 0)
        v = -v;
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[l] * keep[1] + (float)n;
    cnt[get_global_id(0)] = l * 2 + get_group_id(0);
}
