// RUN: --kernel tile_blur --global 16,8 --local 8,4 --arg image2d:rgba:unorm8[16,8]=randu:1:0:255 --arg image2d:rgba:f32[16,8]=zeros --arg sampler:unnorm:clamp_to_edge:nearest
// RUN: --kernel tile_blur --global 16,8 --local 4,4 --arg image2d:rgba:f32[16,8]=randu:2:-1:1 --arg image2d:rgba:unorm16[16,8]=zeros --arg sampler:unnorm:clamp:nearest
// An image read into __local memory, a barrier, then each work-item blends its
// neighbours from the tile and writes the result to another image: images and samplers
// live across the barrier (the CPU keeps them per work-item like other values).

__kernel void tile_blur(read_only image2d_t in, write_only image2d_t out, sampler_t s)
{
    __local float4 tile[8][8];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    tile[ly][lx] = read_imagef(in, s, (int2)(x, y));
    barrier(CLK_LOCAL_MEM_FENCE);
    int w = get_local_size(0), h = get_local_size(1);
    float4 sum = tile[ly][lx] * 0.5f;
    sum += tile[ly][(lx + 1) % w] * 0.25f;
    sum += tile[(ly + 1) % h][lx] * 0.125f;
    // Read once more after the barrier, one texel up (the border for row 0 under clamp).
    sum += read_imagef(in, s, (int2)(x, y - 1)) * 0.125f;
    write_imagef(out, (int2)(x, y), sum);
}
