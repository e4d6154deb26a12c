// RUN: --kernel histogram --global 2048 --local 128 --arg u8[2048]=rand:71 --arg u32[4096]=zeros --arg u32[256]=zeros --arg i32[96]=zeros
// A 256-bin histogram with __local atomics (atomic_inc per work-group, then the partial
// histograms merged with global atomic_add), plus __local min/max/xor/cmpxchg/dec on int.
__kernel void histogram(__global const uchar *data, __global uint *partial,
                        __global uint *total, __global int *stats)
{
    __local uint bins[256];
    __local int s[6];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    for (int b = lid; b < 256; b += get_local_size(0))
        bins[b] = 0;
    if (lid < 6) s[lid] = lid == 2 ? 1000 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = data[gid];
    atomic_inc(&bins[x]);
    atomic_max(&s[0], x - 100);
    atomic_min(&s[2], x);
    atomic_xor(&s[3], x << 3);
    atomic_dec(&s[4]);
    atomic_cmpxchg(&s[5], 0, lid + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = lid; b < 256; b += get_local_size(0)) {
        partial[get_group_id(0) * 256 + b] = bins[b];
        atomic_add(&total[b], bins[b]);
    }
    if (lid < 6)
        stats[get_group_id(0) * 6 + lid] = lid == 5 ? (s[5] != 0) : s[lid];
}
