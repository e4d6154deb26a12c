// BENCH: histogram | --kernel histogram --global 4194304 --local 256 --arg u8[4194304]=rand:3 --arg u32[4194304]=zeros
// BENCH-TINY: --kernel histogram --global 256 --local 256 --arg u8[256]=rand:3 --arg u32[256]=zeros
// BENCH-GPU: histogram | --kernel histogram --global 67108864 --local 256 --arg u8[67108864]=rand:3 --arg u32[67108864]=zeros
// 256-bin histogram with __local atomics; each work-group writes its partial histogram
// (deterministic output, whatever the number of launches).
__kernel void histogram(__global const uchar *data, __global uint *partial)
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
