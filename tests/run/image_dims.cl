// RUN: --kernel dims --global 8,6 --arg image1d:rgba:f32[7]=randu:1:-2:2 --arg image1d_array:rgba:f32[7,3]=randu:2:-2:2 --arg image2d_array:rgba:unorm8[5,4,3]=randu:3:0:255 --arg image3d:rgba:f32[5,4,3]=randu:4:-2:2 --arg image1d_buffer:rgba:f32[9]=randu:5:-2:2 --arg sampler:norm:clamp_to_edge:linear --arg f32x4[48]=zeros --arg f32x4[48]=zeros --arg f32x4[48]=zeros --arg f32x4[48]=zeros --arg f32x4[48]=zeros
// RUN: --kernel dims --global 8,6 --arg image1d:r:unorm16[7]=randu:6:0:65535 --arg image1d_array:r:f32[7,3]=randu:7:-2:2 --arg image2d_array:r:f32[5,4,3]=randu:8:-2:2 --arg image3d:r:snorm8[5,4,3]=randu:9:-128:127 --arg image1d_buffer:rgba:unorm8[9]=randu:10:0:255 --arg sampler:norm:repeat:nearest --arg f32x4[48]=zeros --arg f32x4[48]=zeros --arg f32x4[48]=zeros --arg f32x4[48]=zeros --arg f32x4[48]=zeros
// RUN: --kernel dims_int --global 8,6 --arg image1d:rgba:i16[7]=randu:11:-32768:32767 --arg image2d_array:rgba:i32[5,4,3]=rand:12 --arg image3d:r:i8[5,4,3]=randu:13:-128:127 --arg i32x4[48]=zeros --arg i32x4[48]=zeros --arg i32x4[48]=zeros
// VULKAN-TOLERANCE: 1e-5 8e-3 lavapipe filters linearly with 8 sub-texel bits (unorm8 results in steps of 1/255): up to 2/255 from PoCL's float filtering
// TOLERANCE: 1e-5 1e-6
// Reads from 1D, 1D array, 2D array, 3D and 1D buffer images: with a sampler and float
// coordinates (the layer of an array is rounded and clamped), with an unnormalized
// sampler and integer coordinates, and without a sampler.
// PoCL 3.1 departs from the specification in three places these kernels step around (the
// CPU follows the specification; image_spec_corners.cl and the backend's unit tests check
// those cases against hand-computed values): it scales an array's layer coordinate by the
// layer count under a normalized sampler (so layer coordinates here pick the first or the
// last layer either way), it rounds layer ties away from zero instead of to even (no
// ties here), and it gives alpha 0 for the border colour and the integer reads of orders
// without alpha (that lane is left out, -1, for CL_R).

__constant sampler_t plain = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

#define RGB_ONLY(img, v) (get_image_channel_order(img) == CLK_R ? (float4)((v).xyz, -1.0f) : (v))
#define RGB_ONLY_INT(img, v) (get_image_channel_order(img) == CLK_R ? (int4)((v).xyz, -1) : (v))

__kernel void dims(read_only image1d_t a, read_only image1d_array_t b,
                   read_only image2d_array_t c, read_only image3d_t d,
                   read_only image1d_buffer_t e, sampler_t s, __global float4 *oa,
                   __global float4 *ob, __global float4 *oc, __global float4 *od,
                   __global float4 *oe)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    float u = (x - 1.3f) / 5.0f, v = (y - 0.6f) / 4.0f;
    oa[i] = RGB_ONLY(a, read_imagef(a, s, u) + read_imagef(a, plain, x - 1) + read_imagef(a, min(x, 6)));
    ob[i] = RGB_ONLY(b, read_imagef(b, s, (float2)(u, (y % 2) * 2.3f - 0.2f))
        + read_imagef(b, plain, (int2)(x, y)));
    oc[i] = RGB_ONLY(c, read_imagef(c, s, (float4)(u, v, (y % 2) * 2.4f - 0.3f, 0.0f))
        + read_imagef(c, plain, (int4)(x, y, y - 2, 0)));
    od[i] = RGB_ONLY(d, read_imagef(d, s, (float4)(u, v, (x + y) / 9.0f, 0.0f))
        + read_imagef(d, plain, (int4)(x - 1, y, x % 4, 0)));
    oe[i] = read_imagef(e, i % 9);
}

__kernel void dims_int(read_only image1d_t a, read_only image2d_array_t c,
                       read_only image3d_t d, __global int4 *oa, __global int4 *oc,
                       __global int4 *od)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * get_global_size(0) + x;
    oa[i] = read_imagei(a, plain, x - 1) + read_imagei(a, x % 7);
    oc[i] = read_imagei(c, plain, (float4)(x + 0.5f, y + 0.5f, y * 0.6f, 0.0f));
    od[i] = RGB_ONLY_INT(d, read_imagei(d, (int4)(x % 5, y % 4, (x + y) % 3, 0)));
}
