// read_imagef with no coordinate argument.
__kernel void k(__read_only image2d_t img, __global float4 *o) { o[0] = read_imagef(img); }
