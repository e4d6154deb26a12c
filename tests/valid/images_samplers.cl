// Images and samplers: every image type with its access qualifier, program-scope and
// local samplers, reads with and without a sampler, writes and image queries.
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
const sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

float4 sample_at(read_only image2d_t img, sampler_t s, float2 p) {
    return read_imagef(img, s, p);
}

__kernel void images(__read_only image2d_t in2, __write_only image2d_t out2,
                     read_only image3d_t in3, write_only image3d_t out3,
                     read_only image1d_t in1, read_only image1d_buffer_t buf,
                     read_only image1d_array_t arr1, read_only image2d_array_t arr2,
                     sampler_t param_sampler, __global int *info) {
    int x = get_global_id(0), y = get_global_id(1);
    const sampler_t local_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;
    float4 a = read_imagef(in2, nearest, (int2)(x, y));
    float4 b = read_imagef(in2, linear, (float2)(0.5f, 0.25f));
    float4 c = read_imagef(in2, (int2)(x, y));
    int4 d = read_imagei(in3, param_sampler, (int4)(x, y, 0, 0));
    uint4 e = read_imageui(in3, local_sampler, (float4)(0.0f));
    float4 f = read_imagef(in1, nearest, x) + read_imagef(buf, x);
    float4 g = read_imagef(arr1, nearest, (int2)(x, 1)) + read_imagef(arr2, (int4)(x, y, 1, 0));
    write_imagef(out2, (int2)(x, y), a + b + c + f + g + sample_at(in2, nearest, (float2)(0.0f)));
    write_imagei(out3, (int4)(x, y, 0, 0), d);
    write_imageui(out3, (int4)(x, y, 1, 0), e);
    write_imagef(out2, (int2)(0, 0), 1.0f);
    int2 dim = get_image_dim(in2);
    int4 dim3 = get_image_dim(in3);
    info[0] = get_image_width(in2) + get_image_height(out2) + get_image_depth(in3);
    info[1] = dim.x + dim3.z + (int)get_image_array_size(arr2) + (int)get_image_array_size(arr1);
    info[2] = get_image_channel_data_type(in2) == CLK_FLOAT;
    info[3] = get_image_channel_order(out2) == CLK_RGBA;
}
