// VULKAN-TOLERANCE: 1e-5 8e-3 lavapipe filters unorm8 linearly in 8-bit fixed point (8 sub-texel bits, results in steps of 1/255): up to 2/255 from PoCL's float filtering
// RUN: --kernel sample_1d --global 23 --arg image1d:r:unorm16[7]=randu:1:0:65535 --arg sampler:norm:mirrored_repeat:linear --arg f32x4[23]=zeros --arg f32:0.113 --arg f32:-1.2
// RUN: --kernel sample_1d --global 23 --arg image1d:rgba:f32[7]=randu:2:-2:2 --arg sampler:norm:repeat:linear --arg f32x4[23]=zeros --arg f32:0.113 --arg f32:-1.2
// RUN: --kernel sample_1d --global 23 --arg image1d:rgba:snorm8[7]=randu:3:-128:127 --arg sampler:unnorm:clamp:linear --arg f32x4[23]=zeros --arg f32:0.41 --arg f32:-1.7
// RUN: --kernel sample_1d --global 23 --arg image1d:r:f32[7]=randu:4:-2:2 --arg sampler:norm:mirrored_repeat:nearest --arg f32x4[23]=zeros --arg f32:0.113 --arg f32:-1.2
// RUN: --kernel sample_3d --global 6,5,4 --arg image3d:rgba:f32[5,4,3]=randu:5:-2:2 --arg sampler:norm:mirrored_repeat:linear --arg f32x4[120]=zeros --arg f32:0.29 --arg f32:-0.6
// RUN: --kernel sample_3d --global 6,5,4 --arg image3d:rgba:unorm8[5,4,3]=randu:6:0:255 --arg sampler:norm:repeat:linear --arg f32x4[120]=zeros --arg f32:0.29 --arg f32:-0.6
// RUN: --kernel sample_3d --global 6,5,4 --arg image3d:rgba:f16[5,4,3]=randu:7:-3:3 --arg sampler:unnorm:clamp:linear --arg f32x4[120]=zeros --arg f32:1.13 --arg f32:-1.4
// RUN: --kernel sample_3d --global 6,5,4 --arg image3d:rgba:f32[5,4,3]=randu:8:-2:2 --arg sampler:norm:clamp_to_edge:nearest --arg f32x4[120]=zeros --arg f32:0.29 --arg f32:-0.6
// RUN: --kernel sample_array --global 7,6,4 --arg image2d_array:rgba:f32[5,4,3]=randu:9:-2:2 --arg sampler:unnorm:clamp_to_edge:linear --arg f32x4[168]=zeros
// RUN: --kernel sample_array --global 7,6,4 --arg image2d_array:r:unorm8[5,4,3]=randu:10:0:255 --arg sampler:unnorm:clamp:linear --arg f32x4[168]=zeros
// RUN: --kernel sample_array_uint --global 7,6,4 --arg image2d_array:rgba:u16[5,4,3]=randu:11:0:65535 --arg sampler:unnorm:clamp:nearest --arg f32x4[168]=zeros
// TOLERANCE: 1e-5 1e-6
// Sampling 1D and 3D images and 2D arrays with float coordinates: every addressing mode
// with linear filtering (mirrored repeat and repeat too), trilinear 3D, unnormalized
// coordinates picking array layers 0..2 (never on a .5 tie, which PoCL 3.1 rounds away
// from zero instead of to even), the r order (PoCL 3.1 has no CL_RG images) and float, half and normalized channels.
// PoCL 3.1 gives alpha 0 for the border colour of orders without alpha (the specification
// says 1; image_spec_corners.cl checks that): that lane is left out (-1) for CL_R.

float4 rgb_only_r(int order, float4 v)
{
    return order == CLK_R ? (float4)(v.xyz, -1.0f) : v;
}

__kernel void sample_1d(read_only image1d_t img, sampler_t s, __global float4 *out,
                        float scale, float offset)
{
    int x = get_global_id(0);
    out[x] = rgb_only_r(get_image_channel_order(img), read_imagef(img, s, x * scale + offset));
}

__kernel void sample_3d(read_only image3d_t img, sampler_t s, __global float4 *out,
                        float scale, float offset)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (z * get_global_size(1) + y) * get_global_size(0) + x;
    float4 c = (float4)(x * scale + offset, y * scale * 1.1f + offset * 0.7f,
                        z * scale * 0.8f - offset * 0.3f, 0.0f);
    out[i] = read_imagef(img, s, c);
}

/* Layers -0.7, 0.2, 1.1, 2.0 -> 0, 0, 1, 2 (layer 2.9 clamps to 2 with z = 4). */
float4 array_coord(int x, int y, int z)
{
    return (float4)(x * 0.9f - 0.8f, y * 0.8f - 0.6f, z * 0.9f - 0.7f, 0.0f);
}

int array_index(void)
{
    return (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0)
        + get_global_id(0);
}

__kernel void sample_array(read_only image2d_array_t img, sampler_t s, __global float4 *out)
{
    float4 c = array_coord(get_global_id(0), get_global_id(1), get_global_id(2));
    out[array_index()] = rgb_only_r(get_image_channel_order(img), read_imagef(img, s, c));
}

/* read_imageui apart: a Vulkan image has one texel type per kernel. */
__kernel void sample_array_uint(read_only image2d_array_t img, sampler_t s, __global float4 *out)
{
    float4 c = array_coord(get_global_id(0), get_global_id(1), get_global_id(2));
    out[array_index()] = convert_float4(read_imageui(img, s, c));
}
