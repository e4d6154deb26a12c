// RUN: --kernel taps --global 24,10 --local 8,2 --arg image2d:rgba:f32[24,10]=randu:91:-2:2 --arg image2d:rgba:f32[24,10]=zeros --arg f32[960]=zeros
// RUN: --kernel taps --global 16,8 --local 4,4 --arg image2d:rgba:unorm8[16,8]=randu:92:0:255 --arg image2d:rgba:f32[16,8]=zeros --arg f32[512]=zeros
// RUN: --kernel taps --global 12,6 --local 4,2 --arg image2d:rgba:unorm16[12,6]=randu:93:0:65535 --arg image2d:rgba:f32[12,6]=zeros --arg f32[288]=zeros
// RUN: --kernel taps_edge --global 20,6 --local 4,3 --arg image2d:r:f32[20,6]=randu:94:-2:2 --arg image2d:r:f32[20,6]=zeros --arg f32[480]=zeros
// RUN: --kernel taps_edge --global 8,8 --local 8,2 --arg image2d:rgba:f32[8,8]=randu:95:-2:2 --arg image2d:r:f32[8,8]=zeros --arg f32[256]=zeros
// On the CPU target, read_imagef with integer coordinates and write_imagef of a 2D
// CL_RGBA or CL_R image of CL_FLOAT take the texel in place when it lies inside the image (after a
// clamping sampler's addressing), and the image routines otherwise: reads past every edge
// with CLK_ADDRESS_CLAMP_TO_EDGE (clamped) and CLK_ADDRESS_CLAMP (the border colour), reads
// without a sampler inside the image, and writes (CLK_ADDRESS_REPEAT needs normalized
// coordinates, which take the routines); the same kernel on CL_RGBA/CL_UNORM_INT8 and
// CL_RGBA/CL_UNORM_INT16 images takes the routines.
__constant sampler_t EDGE = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t BORDER = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void taps(read_only image2d_t in, write_only image2d_t out, __global float *sums)
{
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_image_width(in), h = get_image_height(in);
    float4 a = read_imagef(in, EDGE, (int2)(x - 3, y + 2));
    float4 b = read_imagef(in, BORDER, (int2)(x + 2, y - 1));
    float4 c = read_imagef(in, EDGE, (int2)(w - x, -y));
    float4 d = read_imagef(in, (int2)(x, y));
    write_imagef(out, (int2)(w - 1 - x, y), a + 2.0f * b + 4.0f * c + 8.0f * d);
    vstore4(a - b + c * d, y * w + x, sums);
}

// The same without border reads (PoCL 3.1 gives CL_R's border colour an alpha of 0, where the
// specification says 1), for CL_R images: read_imagef gives (r, 0, 0, 1).
__kernel void taps_edge(read_only image2d_t in, write_only image2d_t out, __global float *sums)
{
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_image_width(in);
    float4 a = read_imagef(in, EDGE, (int2)(x - 3, y + 2));
    float4 c = read_imagef(in, EDGE, (int2)(w - x, -y));
    float4 d = read_imagef(in, (int2)(x, y));
    write_imagef(out, (int2)(w - 1 - x, y), a + 4.0f * c + 8.0f * d);
    vstore4(a - c * d, y * w + x, sums);
}
