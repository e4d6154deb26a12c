__kernel void k(write_only image2d_t img, __global float4 *out) { out[0] = read_imagef(img, (int2)(0, 0)); }
