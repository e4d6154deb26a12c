// RUN: --kernel query_2d --global 1 --arg image2d:rgba:unorm8[13,7]=zeros --arg image2d:r:f32[3,2]=zeros --arg i32[16]=zeros
// RUN: --kernel query_2d --global 1 --arg image2d:bgra:snorm8[1,9]=zeros --arg image2d:rgba:u16[5,5]=zeros --arg i32[16]=zeros
// RUN: --kernel query_others --global 1 --arg image3d:rgba:f16[5,4,3]=zeros --arg image2d_array:r:i32[6,2,9]=zeros --arg image1d_array:rgba:u32[11,4]=zeros --arg image1d:r:unorm16[17]=zeros --arg i32[24]=zeros
// get_image_width/height/depth/dim/array_size/channel_data_type/channel_order on every kind
// of image, of every access qualifier.

__kernel void query_2d(read_only image2d_t a, write_only image2d_t b, __global int *out)
{
    out[0] = get_image_width(a);
    out[1] = get_image_height(a);
    int2 d = get_image_dim(a);
    out[2] = d.x;
    out[3] = d.y;
    out[4] = get_image_channel_data_type(a);
    out[5] = get_image_channel_order(a);
    out[6] = get_image_width(b);
    out[7] = get_image_height(b);
    out[8] = get_image_dim(b).y;
    out[9] = get_image_channel_data_type(b);
    out[10] = get_image_channel_order(b);
    out[11] = get_image_channel_order(b) == CLK_RGBA;
    out[12] = get_image_channel_data_type(a) == CLK_UNORM_INT8;
}

__kernel void query_others(read_only image3d_t v, write_only image2d_array_t arr,
                           read_only image1d_array_t a1, read_only image1d_t one,
                           __global int *out)
{
    out[0] = get_image_width(v);
    out[1] = get_image_height(v);
    out[2] = get_image_depth(v);
    int4 d = get_image_dim(v);
    out[3] = d.x;
    out[4] = d.y;
    out[5] = d.z;
    out[6] = d.w;
    out[7] = get_image_channel_data_type(v);
    out[8] = get_image_width(arr);
    out[9] = get_image_height(arr);
    out[10] = (int)get_image_array_size(arr);
    out[11] = get_image_dim(arr).x;
    out[12] = get_image_channel_order(arr);
    out[13] = get_image_width(a1);
    out[14] = (int)get_image_array_size(a1);
    out[15] = get_image_channel_data_type(a1);
    out[16] = get_image_width(one);
    out[17] = get_image_channel_data_type(one);
    // (PoCL 3.1 has no queries of 1D buffer images: they are in the SPIR-V snapshots.)
}
