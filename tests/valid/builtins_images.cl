// Image built-ins (6.12.14): read_image{f,i,ui} with and without a sampler and with
// int or float coordinates for each image type, write_image{f,i,ui}, and the query
// functions, on every image type.
__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// Query results: int for sizes, int2/int4 for get_image_dim, size_t for array sizes.
__kernel void images(read_only image1d_t r1, read_only image1d_buffer_t rb,
                     read_only image1d_array_t r1a, read_only image2d_t r2,
                     read_only image2d_array_t r2a, read_only image3d_t r3,
                     write_only image1d_t w1, write_only image1d_buffer_t wb,
                     write_only image1d_array_t w1a, write_only image2d_t w2,
                     write_only image2d_array_t w2a, __global int4 *out) {
    int x = get_global_id(0);
    float fx = x;
    float4 f = read_imagef(r1, s, x) + read_imagef(r1, s, fx) + read_imagef(r1, x)
        + read_imagef(rb, x) + read_imagef(r1a, s, (int2)(x)) + read_imagef(r1a, (int2)(x))
        + read_imagef(r2, s, (float2)(fx)) + read_imagef(r2, (int2)(x))
        + read_imagef(r2a, s, (int4)(x)) + read_imagef(r2a, (int4)(x))
        + read_imagef(r3, s, (float4)(fx)) + read_imagef(r3, (int4)(x));
    int4 i = read_imagei(r1, s, x) + read_imagei(rb, x) + read_imagei(r1a, s, (float2)(fx))
        + read_imagei(r2, s, (int2)(x)) + read_imagei(r2a, (int4)(x)) + read_imagei(r3, s, (int4)(x));
    uint4 u = read_imageui(r1, x) + read_imageui(rb, x) + read_imageui(r1a, (int2)(x))
        + read_imageui(r2, s, (float2)(fx)) + read_imageui(r2a, s, (float4)(fx)) + read_imageui(r3, (int4)(x));
    write_imagef(w1, x, f);
    write_imagei(wb, x, i);
    write_imageui(w1a, (int2)(x), u);
    write_imagef(w2, (int2)(x), f);
    write_imagei(w2a, (int4)(x), i);
    int w = get_image_width(r1) + get_image_width(rb) + get_image_width(r1a) + get_image_width(w2)
        + get_image_width(r2a) + get_image_width(r3);
    int h = get_image_height(r2) + get_image_height(w2a) + get_image_height(r3) + get_image_depth(r3);
    int2 d2 = get_image_dim(r2) + get_image_dim(r2a);
    int4 d3 = get_image_dim(r3);
    size_t n = get_image_array_size(r1a) + get_image_array_size(w2a);
    int fmt = get_image_channel_data_type(r1) + get_image_channel_order(w1a)
        + get_image_channel_data_type(rb) + get_image_channel_order(r3);
    out[x] = (int)f.x + i + (int4)(u.x) + (int4)(w, h, d2.x + d3.z, (int)n + fmt);
}
