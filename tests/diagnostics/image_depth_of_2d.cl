__kernel void k(read_only image2d_t img, __global int *out) { out[0] = get_image_depth(img); }
