// RUN: --kernel blur --global 9,7 --arg image2d:rgba:unorm8[9,7]=randu:1:0:255 --arg image2d:rgba:f32[9,7]=zeros --arg sampler:unnorm:clamp_to_edge:nearest --arg f32x4[63]=zeros
// RUN: --kernel blur --global 9,7 --arg image2d:r:f32[9,7]=randu:2:-1:1 --arg image2d:rgba:unorm8[9,7]=zeros --arg sampler:unnorm:clamp:linear --arg f32x4[63]=zeros
// VULKAN-TOLERANCE: 1e-5 8e-3 lavapipe filters unorm8 linearly in 8-bit fixed point (weights of 8 sub-texel bits, Vulkan's subTexelPrecisionBits, and a result in steps of 1/255): up to 2/255 from PoCL's float filtering
// Images and samplers passed to helper functions (as darktable does), a program-scope
// __constant sampler, a const sampler_t local, a sampler kernel argument, and a write
// through a helper.
// PoCL 3.1's border colour of orders without alpha has alpha 0 where the specification says
// 1 (image_spec_corners.cl checks it against hand-computed values): for CL_R that lane is
// replaced by 0.5.

constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

float4 tap(read_only image2d_t img, sampler_t s, int x, int y, float w)
{
    return w * read_imagef(img, s, (int2)(x, y));
}

float4 cross5(read_only image2d_t img, sampler_t s, int x, int y)
{
    return tap(img, s, x, y, 0.5f) + tap(img, s, x - 1, y, 0.125f) + tap(img, s, x + 1, y, 0.125f)
        + tap(img, edge, x, y - 1, 0.125f) + tap(img, edge, x, y + 1, 0.125f);
}

void store(write_only image2d_t out, int2 at, float4 v)
{
    write_imagef(out, at, v);
}

__kernel void blur(read_only image2d_t in, write_only image2d_t out, sampler_t given,
                   __global float4 *dbg)
{
    const sampler_t mine = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
    int x = get_global_id(0), y = get_global_id(1);
    float4 v = cross5(in, given, x, y);
    if (get_image_channel_order(in) == CLK_R)
        v.w = 0.5f;
    float2 c = (float2)((x + 0.25f) / get_image_width(in), (y + 0.75f) / get_image_height(in));
    dbg[y * get_global_size(0) + x] = v + read_imagef(in, mine, c);
    store(out, (int2)(x, y), v);
}
