// RUN: --kernel sample --global 9,7 --arg image2d:rgba:unorm8[5,4]=randu:1:0:255 --arg sampler:unnorm:clamp:nearest --arg f32x4[63]=zeros --arg f32:0.77 --arg f32:-1.3
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:unorm8[5,4]=randu:2:0:255 --arg sampler:unnorm:clamp:linear --arg f32x4[63]=zeros --arg f32:0.77 --arg f32:-1.3
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:f32[5,4]=randu:3:-2:2 --arg sampler:unnorm:clamp_to_edge:linear --arg f32x4[63]=zeros --arg f32:0.77 --arg f32:-1.3
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:f32[5,4]=randu:4:-2:2 --arg sampler:unnorm:clamp_to_edge:nearest --arg f32x4[63]=zeros --arg f32:0.77 --arg f32:-1.3
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:unorm16[5,4]=randu:5:0:65535 --arg sampler:unnorm:none:nearest --arg f32x4[63]=zeros --arg f32:0.5 --arg f32:0.25
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:f32[5,4]=randu:6:-2:2 --arg sampler:norm:repeat:nearest --arg f32x4[63]=zeros --arg f32:0.31 --arg f32:-1.1
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:f32[5,4]=randu:7:-2:2 --arg sampler:norm:repeat:linear --arg f32x4[63]=zeros --arg f32:0.31 --arg f32:-1.1
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:unorm8[5,4]=randu:8:0:255 --arg sampler:norm:mirrored_repeat:linear --arg f32x4[63]=zeros --arg f32:0.31 --arg f32:-1.1
// RUN: --kernel sample --global 9,7 --arg image2d:rgba:unorm8[5,4]=randu:9:0:255 --arg sampler:norm:mirrored_repeat:nearest --arg f32x4[63]=zeros --arg f32:0.31 --arg f32:-1.1
// RUN: --kernel sample --global 9,7 --arg image2d:r:f32[5,4]=randu:10:-2:2 --arg sampler:norm:clamp_to_edge:linear --arg f32x4[63]=zeros --arg f32:0.19 --arg f32:-0.4
// RUN: --kernel sample --global 9,7 --arg image2d:r:snorm16[5,4]=randu:11:-32768:32767 --arg sampler:norm:clamp:linear --arg f32x4[63]=zeros --arg f32:0.19 --arg f32:-0.4
// TOLERANCE: 1e-5 1e-6
// read_imagef with a sampler passed by the host: every addressing mode, both filters,
// normalized and unnormalized float coordinates that reach outside the image (scale and
// offset map the work-item grid onto the image and beyond).
// PoCL 3.1's border colour of orders without alpha has alpha 0 where the specification says
// 1 (image_spec_corners.cl checks it against hand-computed values): for CL_R that lane is
// left out (-1).

__kernel void sample(read_only image2d_t img, sampler_t s, __global float4 *out, float scale,
                     float offset)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 c = (float2)(x * scale + offset, y * scale * 0.9f + offset * 0.5f);
    float4 v = read_imagef(img, s, c);
    if (get_image_channel_order(img) == CLK_R)
        v.w = -1.0f;
    out[y * get_global_size(0) + x] = v;
}
