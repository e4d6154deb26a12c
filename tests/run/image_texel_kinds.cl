// RUN: --kernel read_either --global 6,5 --arg image2d:rgba:unorm8[6,5]=randu:1:0:255 --arg i32:0 --arg f32x4[30]=zeros --arg u32x4[30]=zeros --arg i32x4[30]=zeros
// RUN: --kernel read_either --global 6,5 --arg image2d:rgba:u8[6,5]=randu:2:0:255 --arg i32:1 --arg f32x4[30]=zeros --arg u32x4[30]=zeros --arg i32x4[30]=zeros
// RUN: --kernel read_either --global 6,5 --arg image2d:rgba:i16[6,5]=randu:3:-32768:32767 --arg i32:2 --arg f32x4[30]=zeros --arg u32x4[30]=zeros --arg i32x4[30]=zeros
// RUN: --kernel write_either --global 7,5 --arg image2d:rgba:f32[7,5]=zeros --arg i32:0 --arg f32x4[35]=randu:4:-3:3 --arg u32x4[35]=zeros --arg i32x4[35]=zeros
// RUN: --kernel write_either --global 7,5 --arg image2d:rgba:u16[7,5]=zeros --arg i32:1 --arg f32x4[35]=zeros --arg u32x4[35]=randu:5:0:65535 --arg i32x4[35]=zeros
// RUN: --kernel write_either --global 7,5 --arg image2d:rgba:i32[7,5]=zeros --arg i32:2 --arg f32x4[35]=zeros --arg u32x4[35]=zeros --arg i32x4[35]=rand:6
// One image argument read (or written) with read_imagef, read_imageui and read_imagei in
// branches chosen by a scalar argument. OpenCL defines read_imagef only for normalized,
// half and float channel types, read_imageui only for unsigned and read_imagei only for
// signed integer ones (the same for writes), so no format makes two branches defined:
// each kernel runs once per branch, with an image of a format where that branch is
// defined. On Vulkan such an image has one descriptor per texel type (an OpTypeImage has
// one sampled type), all bound to the same image.

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void read_either(read_only image2d_t img, int kind, __global float4 *f,
                          __global uint4 *u, __global int4 *s)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    if (kind == 0) {
        // Sampled one texel to the right: the last column reads the border.
        f[i] = read_imagef(img, (int2)(x, y)) + 2.0f * read_imagef(img, nearest, (int2)(x + 1, y));
    } else if (kind == 1) {
        u[i] = read_imageui(img, (int2)(x, y)) ^ read_imageui(img, nearest, (float2)(x + 0.5f, y - 0.5f));
    } else {
        s[i] = read_imagei(img, (int2)(x, y)) - read_imagei(img, nearest, (int2)(x - 1, y));
    }
}

__kernel void write_either(write_only image2d_t img, int kind, __global float4 *f,
                           __global uint4 *u, __global int4 *s)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    if (kind == 0)
        write_imagef(img, (int2)(x, y), f[i]);
    else if (kind == 1)
        write_imageui(img, (int2)(x, y), u[i]);
    else
        write_imagei(img, (int2)(x, y), s[i]);
}
