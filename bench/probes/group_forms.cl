// Forms of the two work-group kernels that trail NVIDIA's OpenCL on Vulkan (reduce 0.83,
// histogram 0.85 in bench/results/gpu-suite-h200.txt), to find what costs: 64-bit loop
// counters and ids (size_t), the loop over the local size, or the barriers themselves.
// Run by scripts/gpu-math-run.sh groups.

// bench/kernels/histogram.cl as it is.
__kernel void hist_size_t(__global const uchar *data, __global uint *partial)
{
    __local uint bins[256];
    size_t lid = get_local_id(0);
    size_t lsize = get_local_size(0);
    for (size_t b = lid; b < 256; b += lsize)
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[data[get_global_id(0)]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = lid; b < 256; b += lsize)
        partial[get_group_id(0) * 256 + b] = bins[b];
}

// The same with 32-bit counters and ids.
__kernel void hist_uint(__global const uchar *data, __global uint *partial)
{
    __local uint bins[256];
    uint lid = get_local_id(0);
    uint lsize = get_local_size(0);
    for (uint b = lid; b < 256; b += lsize)
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[data[(uint)get_global_id(0)]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < 256; b += lsize)
        partial[(uint)get_group_id(0) * 256 + b] = bins[b];
}

// No loops: for a local size of 256 exactly.
__kernel void hist_flat(__global const uchar *data, __global uint *partial)
{
    __local uint bins[256];
    uint lid = get_local_id(0);
    bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[data[(uint)get_global_id(0)]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    partial[(uint)get_group_id(0) * 256 + lid] = bins[lid];
}

// samples/reduce.cl as it is.
__kernel void reduce_sum(__global const float *in, __global float *out, __local float *scratch)
{
    uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}

// The same with a 32-bit global index.
__kernel void reduce_uint(__global const float *in, __global float *out, __local float *scratch)
{
    uint lid = get_local_id(0);
    scratch[lid] = in[(uint)get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[(uint)get_group_id(0)] = scratch[0];
}

// A __local array of the kernel's own instead of a __local argument (local size 128).
__kernel void reduce_own(__global const float *in, __global float *out)
{
    __local float scratch[128];
    uint lid = get_local_id(0);
    scratch[lid] = in[(uint)get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 64; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[(uint)get_group_id(0)] = scratch[0];
}

// Barriers only: how long 8 barriers per work-group take (local size 128).
__kernel void barriers_only(__global const float *in, __global float *out)
{
    uint lid = get_local_id(0);
    float v = in[(uint)get_global_id(0)];
    for (uint s = 64; s > 0; s >>= 1)
        barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        out[(uint)get_group_id(0)] = v;
}

// barriers_only with its constant loop unrolled by hand: whether the loop around the
// barriers costs, not the barriers.
__kernel void barriers_unrolled(__global const float *in, __global float *out)
{
    uint lid = get_local_id(0);
    float v = in[(uint)get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        out[(uint)get_group_id(0)] = v;
}

// No barrier at all: the cost of the launch shape (local size 128) alone.
__kernel void no_barriers(__global const float *in, __global float *out)
{
    uint lid = get_local_id(0);
    float v = in[(uint)get_global_id(0)];
    if (lid == 0)
        out[(uint)get_group_id(0)] = v;
}

// hist_uint with its loops rotated by hand (a guarded do-while: the test at the bottom).
__kernel void hist_rotated(__global const uchar *data, __global uint *partial)
{
    __local uint bins[256];
    uint lid = get_local_id(0);
    uint lsize = get_local_size(0);
    uint b = lid;
    if (b < 256)
        do {
            bins[b] = 0;
            b += lsize;
        } while (b < 256);
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[data[(uint)get_global_id(0)]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    b = lid;
    if (b < 256)
        do {
            partial[(uint)get_group_id(0) * 256 + b] = bins[b];
            b += lsize;
        } while (b < 256);
}

// reduce_own with its constant loop unrolled by hand.
__kernel void reduce_unrolled(__global const float *in, __global float *out)
{
    __local float scratch[128];
    uint lid = get_local_id(0);
    scratch[lid] = in[(uint)get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
#define STEP(s)                                  \
    if (lid < s)                                 \
        scratch[lid] += scratch[lid + s];        \
    barrier(CLK_LOCAL_MEM_FENCE);
    STEP(64) STEP(32) STEP(16) STEP(8) STEP(4) STEP(2) STEP(1)
#undef STEP
    if (lid == 0)
        out[(uint)get_group_id(0)] = scratch[0];
}

// reduce_own's work for two work-groups of 128 in one work-group of 256 (what merging
// work-groups with barriers would give): whether the launch rate of 128-item groups is
// reduce's gap. Run with local size 256; writes the same sums as reduce_own.
__kernel void reduce_merged2(__global const float *in, __global float *out)
{
    __local float scratch[256];
    uint l = get_local_id(0);
    uint base = l & ~127u;
    uint lid = l & 127u;
    scratch[l] = in[(uint)get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 64; s > 0; s >>= 1) {
        if (lid < s)
            scratch[base + lid] += scratch[base + lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[(uint)get_group_id(0) * 2 + (l >> 7)] = scratch[base];
}
