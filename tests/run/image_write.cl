// RUN: --kernel write_float --global 7,5 --arg image2d:rgba:f32[7,5]=zeros --arg f32x4[35]=randu:1:-3:3
// RUN: --kernel write_float --global 7,5 --arg image2d:rgba:unorm8[7,5]=zeros --arg f32x4[35]=randu:2:-0.5:1.5
// RUN: --kernel write_float --global 7,5 --arg image2d:bgra:unorm8[7,5]=zeros --arg f32x4[35]=randu:3:0:1
// RUN: --kernel write_float --global 7,5 --arg image2d:r:snorm16[7,5]=zeros --arg f32x4[35]=randu:4:-1.5:1.5
// RUN: --kernel write_float --global 7,5 --arg image2d:rgba:f16[7,5]=zeros --arg f32x4[35]=randu:5:-100:100
// RUN: --kernel write_int --global 7,5 --arg image2d:rgba:i8[7,5]=zeros --arg i32x4[35]=randu:6:-128:127
// RUN: --kernel write_int --global 7,5 --arg image2d:r:i32[7,5]=zeros --arg i32x4[35]=rand:7
// RUN: --kernel write_uint --global 7,5 --arg image2d:rgba:u16[7,5]=zeros --arg u32x4[35]=randu:8:0:65535
// RUN: --kernel write_uint --global 7,5 --arg image2d:rgba:u32[7,5]=zeros --arg u32x4[35]=rand:9
// RUN: --kernel write_3d --global 4,3,2 --arg image3d:rgba:f32[4,3,2]=zeros --arg f32x4[24]=randu:10:-1:1
// RUN: --kernel write_array --global 4,3,2 --arg image2d_array:rgba:unorm8[4,3,2]=zeros --arg f32x4[24]=randu:11:0:1
// VULKAN-REFERENCE-DIFFERS: image2d:r:snorm16[7,5] | arg0 | Vulkan's snorm conversion clamps to -1.0 first and stores -32767 where OpenCL's convert_short_sat_rte(f * 32767) stores -32768 (both read back as -1.0)
// write_imagef, write_imagei and write_imageui into write-only images of every channel
// class (the format conversion rounds and saturates), 3D images and 2D arrays; the written
// texels are compared. (SPIR-V has no signedness: llvm-spirv-14 reads OpImageWrite of an
// integer texel back as write_imagei, which PoCL 3.1 lacks for 2D arrays, so the array
// case writes floats.)

__kernel void write_float(write_only image2d_t img, __global const float4 *in)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(img, (int2)(x, y), in[y * get_global_size(0) + x]);
}

__kernel void write_int(write_only image2d_t img, __global const int4 *in)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagei(img, (int2)(x, y), in[y * get_global_size(0) + x]);
}

__kernel void write_uint(write_only image2d_t img, __global const uint4 *in)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imageui(img, (int2)(x, y), in[y * get_global_size(0) + x]);
}

__kernel void write_3d(write_only image3d_t img, __global const float4 *in)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (z * get_global_size(1) + y) * get_global_size(0) + x;
    write_imagef(img, (int4)(x, y, z, 0), in[i]);
}

__kernel void write_array(write_only image2d_array_t img, __global const float4 *in)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (z * get_global_size(1) + y) * get_global_size(0) + x;
    write_imagef(img, (int4)(x, y, z, 0), in[i]);
}
