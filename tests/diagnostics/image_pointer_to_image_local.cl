// Taking the address of an image.
__kernel void k(__read_only image2d_t img, __global int *o) { image2d_t *p = &img; o[0] = 1; }
