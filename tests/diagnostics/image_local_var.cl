__kernel void k(read_only image2d_t img, __global int *out) {
    image2d_t copy;
    out[0] = 1;
}
