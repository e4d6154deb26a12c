// Every image query on every image kind it applies to.
__kernel void queries(read_only image1d_t a, read_only image1d_buffer_t b,
                      read_only image1d_array_t c, write_only image2d_t d,
                      read_only image2d_array_t e, read_only image3d_t f, __global int *o,
                      __global int4 *dims, __global size_t *layers)
{
    o[0] = get_image_width(a) + get_image_width(b) + get_image_width(c);
    o[1] = get_image_height(d) + get_image_height(e) + get_image_height(f);
    o[2] = get_image_depth(f);
    o[3] = get_image_channel_data_type(a) + get_image_channel_data_type(b);
    o[4] = get_image_channel_order(d) + get_image_channel_order(e);
    int2 d2 = get_image_dim(d) + get_image_dim(e);
    dims[0] = (int4)(d2, 0, 0) + get_image_dim(f);
    layers[0] = get_image_array_size(c) + get_image_array_size(e);
}
