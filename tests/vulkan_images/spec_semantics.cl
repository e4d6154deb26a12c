// RUN: --kernel spec --global 1 --arg image2d:r:i32[2,2]=iota --arg image2d:r:f32[2,2]=iota --arg image1d_array:r:f32[4,3]=iota --arg i32x4[2]=zeros --arg f32x4[5]=zeros
// EXPECT: arg3 = 1 0 0 1 0 0 0 1
// EXPECT: arg4 = 0 0 0 1 1 0 0 1 9 0 0 1 1 0 0 1 9 0 0 1
// Reads whose results the OpenCL specification fixes and PoCL 3.1 (the reference of
// tests/run_reference.rs) gets wrong, checked by hand (the RUN line's iota images hold
// texel i = i; a 1D array's texel x of layer L is 4L + x):
// - channels an r image lacks read as 0 and alpha as 1, for integer reads too (PoCL: 0);
// - CLK_ADDRESS_CLAMP's border is (0, 0, 0, 1) for orders without alpha (PoCL: alpha 0);
// - an array's layer is clamp(rint(v), 0, layers - 1), never normalized (PoCL multiplies it
//   by the layer count under a normalized sampler) and rounded half to even (0.5 -> 0,
//   2.5 -> 2).

__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t layer_s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void spec(read_only image2d_t ri, read_only image2d_t rf, read_only image1d_array_t arr,
                   __global int4 *ints, __global float4 *floats)
{
    ints[0] = read_imagei(ri, (int2)(1, 0));                       // (1, 0, 0, 1)
    ints[1] = read_imagei(ri, border, (int2)(-1, 0));              // border (0, 0, 0, 1)
    floats[0] = read_imagef(rf, lin, (float2)(-5.0f, -5.0f));      // border (0, 0, 0, 1)
    floats[1] = read_imagef(arr, layer_s, (float2)(0.3f, 0.4f));   // x 1, layer 0
    floats[2] = read_imagef(arr, layer_s, (float2)(0.3f, 1.5f));   // x 1, layer 2
    floats[3] = read_imagef(arr, layer_s, (float2)(0.3f, 0.5f));   // x 1, layer 0
    floats[4] = read_imagef(arr, border, (float2)(1.5f, 2.5f));    // x 1, layer 2
}
