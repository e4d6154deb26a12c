// RUN: --kernel h --global 4 --arg image2d:rgba:f16[4,1]=iota --arg image2d:rgba:f16[4,1]=zeros --arg f32x4[4]=zeros
// EXPECT: arg2 = 0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30
// read_imageh and write_imageh (cl_khr_fp16, which PoCL lacks here, so the values are
// checked by hand: twice the iota texels): Vulkan images have 32-bit sampled types, the
// halves are converted after reads and before writes.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void h(read_only image2d_t img, write_only image2d_t out, __global float4 *o)
{
    int x = get_global_id(0);
    half4 v = read_imageh(img, s, (int2)(x, 0)) + read_imageh(img, (int2)(x, 0));
    write_imageh(out, (int2)(x, 0), v);
    o[x] = convert_float4(v);
}
