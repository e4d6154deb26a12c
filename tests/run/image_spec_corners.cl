// RUN: --kernel corners --global 4 --arg image1d:r:i8[3]=fill:5 --arg image1d:r:f32[3]=fill:0.5 --arg i32x4[4]=zeros --arg f32x4[4]=zeros
// EXPECT: arg0 = 5
// EXPECT: arg1 = 0.5
// EXPECT: arg2 = 5 0 0 1 0 0 0 1
// EXPECT: arg3 = 0.5 0 0 1 0.375 0 0 1
// Where PoCL 3.1 departs from the OpenCL 1.2 specification, so the other image_*.cl files
// cannot compare these cases with it: hand-computed values from the specification.
// - Integer reads of an order without alpha return alpha 1 (section 6.12.14.7: CL_R reads
//   as (r, 0, 0, 1)); PoCL returns 0.
// - CLK_ADDRESS_CLAMP's border colour is (0, 0, 0, 1) for orders without alpha (section
//   8.2; (0, 0, 0, 0) with alpha, which PoCL does give); PoCL gives alpha 0.
// Linear filtering at u = 0.25 (unnormalized) weighs the border texel (i0 = -1) by 0.25 and
// texel 0 by 0.75: red 0.75 * 0.5 = 0.375, alpha 0.25 * 1 + 0.75 * 1 = 1.
// (Only 1D images of one channel here: EXPECT lines describe an image argument by its
// single extent. Layer selection, which PoCL also treats differently, is checked by the
// backend's unit tests.)

__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t blend = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void corners(read_only image1d_t ints, read_only image1d_t reds,
                      __global int4 *int_out, __global float4 *red_out)
{
    int i = get_global_id(0);
    // Even work-items read inside the image, odd ones at its border.
    if (i % 2 == 0) {
        int_out[i] = read_imagei(ints, i / 2);
        red_out[i] = read_imagef(reds, blend, 1.5f);
    } else {
        int_out[i] = read_imagei(ints, border, -1 - i);
        red_out[i] = read_imagef(reds, blend, 0.25f);
    }
}
