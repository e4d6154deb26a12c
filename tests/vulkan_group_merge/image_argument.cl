// MERGEABLE: yes (global ids only)
// ITEMS: no (an image argument is a descriptor, which the kernel body cannot take as a parameter)
__kernel void k(__read_only image2d_t img, sampler_t s, __global float4 *o)
{
    int x = get_global_id(0), y = get_global_id(1);
    o[y * get_global_size(0) + x] = read_imagef(img, s, (int2)(x, y));
}
