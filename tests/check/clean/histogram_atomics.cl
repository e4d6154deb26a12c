// RUN: --kernel histogram --global 512 --local 64 --arg u8[512]=rand:3 --arg u32[256]=zeros --arg u32[2048]=zeros
// Histogram kernels: per-group bins in __local memory (cleared with plain stores, counted
// with atomic_inc, read after a barrier), merged into __global bins with atomic_add by
// every group, and each group's partial histogram stored plainly.
__kernel void histogram(__global const uchar *data, __global uint *bins,
                        __global uint *partial)
{
    __local uint local_bins[256];
    int l = get_local_id(0);
    int n = get_local_size(0);
    for (int b = l; b < 256; b += n)
        local_bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&local_bins[data[get_global_id(0)]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = l; b < 256; b += n) {
        uint c = local_bins[b];
        partial[get_group_id(0) * 256 + b] = c;
        if (c != 0)
            atomic_add(&bins[b], c);
    }
}
