// BENCH: image_blur | --kernel blur --global 2048,2048 --local 16,16 --arg image2d:rgba:f32[2048,2048]=randu:1:0:1 --arg image2d:rgba:f32[2048,2048]=zeros
// BENCH-TINY: --kernel blur --global 16,16 --local 16,16 --arg image2d:rgba:f32[16,16]=randu:1:0:1 --arg image2d:rgba:f32[16,16]=zeros
// TOLERANCE: 1e-5 1e-5
// A 3x3 box blur of a CL_RGBA/CL_FLOAT image through a clamp-to-edge sampler with integer
// coordinates: the shape of darktable's image kernels.
__constant sampler_t EDGE = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void blur(read_only image2d_t in, write_only image2d_t out)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 s = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            s += read_imagef(in, EDGE, (int2)(x + dx, y + dy));
    write_imagef(out, (int2)(x, y), s * (1.0f / 9.0f));
}
