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
// CPU-UNSUPPORTED: images are not supported on the cpu target yet
// VULKAN-REFERENCE-DIFFERS: image2d:r:i | arg1,arg2 | PoCL 3.1 reads the missing alpha of integer r/rg images as 0 where OpenCL (6.13.14.7) says 1, as Vulkan does; tests/vulkan_images.rs checks it
// VULKAN-REFERENCE-DIFFERS: image2d:r:u16 | arg1,arg2 | PoCL 3.1 reads the missing alpha of integer r/rg images as 0 where OpenCL (6.13.14.7) says 1, as Vulkan does; tests/vulkan_images.rs checks it
// read_imagei, read_imageui and read_imagef over signed, unsigned, normalized, half and
// float channel types and the r, rg, rgba and bgra orders, with integer coordinates, with
// and without a sampler (channels missing from the order read as 0, alpha as 1).
// (read_imageh needs cl_khr_fp16, which PoCL lacks here: it is in the SPIR-V snapshots.)

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void read_int(read_only image2d_t img, __global int4 *plain, __global int4 *sampled)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    plain[i] = read_imagei(img, (int2)(x, y));
    // Reads one texel to the left: column 0 reads the border.
    sampled[i] = read_imagei(img, nearest, (int2)(x - 1, y));
}

__kernel void read_uint(read_only image2d_t img, __global uint4 *plain, __global uint4 *sampled)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    plain[i] = read_imageui(img, (int2)(x, y));
    sampled[i] = read_imageui(img, nearest, (float2)(x + 0.5f, y - 0.5f));
}

__kernel void read_float(read_only image2d_t img, __global float4 *g, __global float4 *f)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    g[i] = read_imagef(img, s, (int2)(x + 1, y));
    f[i] = read_imagef(img, (int2)(x, y));
}
