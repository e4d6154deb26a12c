// BENCH: transpose | --kernel transpose --global 2048,2048 --local 16,16 --arg f32[4194304]=rand:7 --arg f32[4194304]=zeros --arg i32:2048
// BENCH-TINY: --kernel transpose --global 16,16 --local 16,16 --arg f32[256]=rand:7 --arg f32[256]=zeros --arg i32:16
// BENCH-GPU: transpose | --kernel transpose --global 8192,8192 --local 16,16 --arg f32[67108864]=rand:7 --arg f32[67108864]=zeros --arg i32:8192
// Tiled transpose through __local memory (padded against bank conflicts).
#define T 16
__kernel void transpose(__global const float *in, __global float *out, int n)
{
    __local float tile[T][T + 1];
    int x = get_global_id(0), y = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    tile[ly][lx] = in[y * n + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * T + lx;
    int oy = get_group_id(0) * T + ly;
    out[oy * n + ox] = tile[lx][ly];
}
