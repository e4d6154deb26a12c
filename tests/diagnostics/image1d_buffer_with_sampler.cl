__kernel void k(read_only image1d_buffer_t img, sampler_t s, __global float4 *out) {
    out[0] = read_imagef(img, s, 0);
}
