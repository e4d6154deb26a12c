// RUN: --kernel read_int --global 6,5 --arg image2d:rgba:i16[6,5]=randu:1:-32768:32767 --arg i32x4[30]=zeros --arg i32x4[30]=zeros
// RUN: --kernel read_int --global 6,5 --arg image2d:r:i8[6,5]=randu:2:-128:127 --arg i32x4[30]=zeros --arg i32x4[30]=zeros
// RUN: --kernel read_int --global 6,5 --arg image2d:r:i32[6,5]=rand:3 --arg i32x4[30]=zeros --arg i32x4[30]=zeros
// RUN: --kernel read_uint --global 6,5 --arg image2d:rgba:u8[6,5]=randu:4:0:255 --arg u32x4[30]=zeros --arg u32x4[30]=zeros
// RUN: --kernel read_uint --global 6,5 --arg image2d:rgba:u32[6,5]=rand:5 --arg u32x4[30]=zeros --arg u32x4[30]=zeros
// RUN: --kernel read_uint --global 6,5 --arg image2d:r:u16[6,5]=randu:6:0:65535 --arg u32x4[30]=zeros --arg u32x4[30]=zeros
// RUN: --kernel read_float --global 6,5 --arg image2d:rgba:f16[6,5]=randu:7:-4:4 --arg f32x4[30]=zeros --arg f32x4[30]=zeros
// RUN: --kernel read_float --global 6,5 --arg image2d:rgba:unorm8[6,5]=randu:8:0:255 --arg f32x4[30]=zeros --arg f32x4[30]=zeros
// RUN: --kernel read_float --global 6,5 --arg image2d:bgra:unorm8[6,5]=randu:9:0:255 --arg f32x4[30]=zeros --arg f32x4[30]=zeros
// RUN: --kernel read_float --global 6,5 --arg image2d:rgba:snorm8[6,5]=randu:10:-128:127 --arg f32x4[30]=zeros --arg f32x4[30]=zeros
// read_imagei, read_imageui and read_imagef over signed, unsigned, normalized, half and
// float channel types and the r, rg, rgba and bgra orders, with integer coordinates, with
// and without a sampler (channels missing from the order read as 0, alpha as 1).
// (read_imageh needs cl_khr_fp16, which PoCL lacks here: it is in the SPIR-V snapshots.)
// PoCL 3.1 reads alpha as 0 from integer images of orders without alpha, where the
// specification says 1: the integer kernels leave that lane out (-1) for CL_R, and
// image_spec_corners.cl checks it against hand-computed values.

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void read_int(read_only image2d_t img, __global int4 *plain, __global int4 *sampled)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    int4 p = read_imagei(img, (int2)(x, y));
    // Reads one texel to the left: column 0 reads the border.
    int4 q = read_imagei(img, nearest, (int2)(x - 1, y));
    if (get_image_channel_order(img) == CLK_R)
        p.w = q.w = -1;
    plain[i] = p;
    sampled[i] = q;
}

__kernel void read_uint(read_only image2d_t img, __global uint4 *plain, __global uint4 *sampled)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    uint4 p = read_imageui(img, (int2)(x, y));
    uint4 q = read_imageui(img, nearest, (float2)(x + 0.5f, y - 0.5f));
    if (get_image_channel_order(img) == CLK_R)
        p.w = q.w = 7;
    plain[i] = p;
    sampled[i] = q;
}

__kernel void read_float(read_only image2d_t img, __global float4 *g, __global float4 *f)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    g[i] = read_imagef(img, s, (int2)(x + 1, y));
    f[i] = read_imagef(img, (int2)(x, y));
}
