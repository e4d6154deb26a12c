// Reads with a sampler: a program-scope __constant sampler, a const sampler_t local, a
// sampler argument and an integer constant passed directly; int and float coordinates;
// float, int, uint and half results; 1D, 1D array, 2D, 2D array and 3D images.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__constant sampler_t wrap = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

__kernel void sampled(read_only image1d_t a, read_only image1d_array_t b, read_only image2d_t c,
                      read_only image2d_array_t d, read_only image3d_t e, sampler_t s,
                      __global float4 *f, __global int4 *i, __global uint4 *u, __global half4 *h)
{
    const sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    int x = get_global_id(0);
    float t = x * 0.25f;
    f[0] = read_imagef(a, wrap, t) + read_imagef(b, edge, (int2)(x, 1));
    f[1] = read_imagef(c, s, (float2)(t, t)) + read_imagef(d, wrap, (float4)(t, t, 1.0f, 0.0f));
    f[2] = read_imagef(e, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST,
                       (int4)(x, x, x, 0));
    i[0] = read_imagei(c, edge, (int2)(x, 0));
    u[0] = read_imageui(d, s, (float4)(t, 0.0f, 2.0f, 0.0f));
    h[0] = read_imageh(c, s, (float2)(t, 0.5f));
}
