// RUN: --kernel ids --global 256,4 --local 16,2 --offset 32,1 --arg i32[8192]=zeros
// RUN: --kernel ids --global 96,3 --local 8,3 --arg i32[8192]=zeros
// RUN: --kernel tree_sum --global 1024 --local 16 --arg f32[1024]=randu:3:-1:1 --arg f32[64]=zeros --arg local:64
// RUN: --kernel tree_sum --global 144 --local 48 --arg f32[144]=randu:4:-1:1 --arg f32[3]=zeros --arg local:192
// RUN: --kernel tile_scan --global 2048 --local 32 --arg i32[2048]=iota --arg i32[2048]=zeros
// RUN: --kernel local_counts --global 768 --local 8 --arg i32[768]=rand:6 --arg i32[384]=zeros
// Kernels that synchronise their work-groups (barriers, __local variables and arguments,
// group queries) but reach every barrier alike in each group, which oclc's Vulkan launcher
// runs several work-groups to a workgroup (tests/vulkan_group_merge.rs; the differential
// harness merges up to 1024 invocations): every query, every __local copy and every
// barrier must give what PoCL gives unmerged.
__kernel void ids(__global int *o)
{
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    size_t i = (y * get_global_size(0) + x) * 8;
    o[i + 0] = (int)get_group_id(0);
    o[i + 1] = (int)get_local_id(0);
    o[i + 2] = (int)get_local_size(0);
    o[i + 3] = (int)get_num_groups(0);
    o[i + 4] = (int)get_group_id(1);
    o[i + 5] = (int)get_local_id(1);
    o[i + 6] = (int)get_local_size(1);
    o[i + 7] = (int)get_num_groups(1);
}

// A helper that waits at barriers: its loop depends on the size the kernel passes.
void halve(__local float *t, uint n)
{
    uint l = get_local_id(0);
    for (uint s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] += t[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

// Sums each work-group's block twice: in the __local argument and in a __local variable.
__kernel void tree_sum(__global const float *in, __global float *out, __local float *arg)
{
    __local float var[64];
    uint l = get_local_id(0);
    float v = in[get_global_id(0)];
    arg[l] = v;
    var[l] = 2.0f * v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((get_local_size(0) & (get_local_size(0) - 1)) == 0) {
        halve(arg, get_local_size(0));
        halve(var, get_local_size(0));
    } else {
        if (l == 0) {
            for (uint k = 1; k < get_local_size(0); k++) {
                arg[0] += arg[k];
                var[0] += var[k];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = arg[0] + var[0] * 0.5f;
}

// Inclusive prefix sums of each work-group's block (Hillis-Steele), offset by the group.
__kernel void tile_scan(__global const int *in, __global int *out)
{
    __local int tile[32];
    uint l = get_local_id(0);
    tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < get_local_size(0); off <<= 1) {
        int add = l >= off ? tile[l - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[l] += add;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tile[l] + 1000 * (int)get_group_id(0);
}

// Per-group histograms of 4 bins with __local atomics.
__kernel void local_counts(__global const int *in, __global int *counts)
{
    __local int bins[4];
    uint l = get_local_id(0);
    if (l < 4)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[in[get_global_id(0)] & 3]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 4)
        counts[get_group_id(0) * 4 + l] = bins[l];
}
