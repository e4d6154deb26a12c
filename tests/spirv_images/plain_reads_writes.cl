// Reads without a sampler (integer coordinates) and writes, of every result kind, on every
// image dimensionality, including 1D buffer images and read_write images (OpenCL C 2.0).
// RUN-OPTIONS: -cl-std=CL2.0
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void copy(read_only image1d_buffer_t src, write_only image1d_buffer_t dst,
                   read_only image2d_t in, write_only image2d_t out, read_write image3d_t vol,
                   write_only image2d_array_t layers, write_only image1d_t line)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(dst, x, read_imagef(src, x));
    write_imagei(out, (int2)(x, y), read_imagei(in, (int2)(x, y)));
    write_imageui(layers, (int4)(x, y, 2, 0), read_imageui(in, (int2)(y, x)));
    write_imageh(line, x, read_imageh(in, (int2)(x, 0)));
    float4 v = read_imagef(vol, (int4)(x, y, 1, 0));
    write_imagef(vol, (int4)(x, y, 0, 0), v * 2.0f);
}
