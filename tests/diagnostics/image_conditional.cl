__kernel void k(read_only image2d_t a, read_only image2d_t b, int c, __global float4 *out) {
    out[0] = read_imagef(c ? a : b, (int2)(0, 0));
}
