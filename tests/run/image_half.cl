// RUN: --kernel halves --global 4 --arg image1d:r:unorm8[4]=fill:51 --arg image1d:r:f16[4]=zeros --arg f16x4[4]=zeros
// EXPECT: arg0 = 51
// EXPECT: arg1 = 0.199951171875
// EXPECT: arg2 = 0.199951171875 0 0 1
// read_imageh and write_imageh (cl_khr_fp16, which PoCL 3.1 lacks: hand-computed values).
// unorm8 51 reads as 51 / 255 = 0.2, rounded to the nearest half 0.199951171875 (0x3266);
// written to a half image it stays that value; missing channels read as 0, alpha as 1.

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void halves(read_only image1d_t in, write_only image1d_t out, __global half4 *texels)
{
    int i = get_global_id(0);
    half4 v = read_imageh(in, i);
    texels[i] = v;
    write_imageh(out, i, v);
}
