// Vector add with a scalar and a vector by-value argument (positive inputs: PoCL contracts
// a + s * b into an fma, which differs by at most 1 ulp without cancellation).
// OBJECT-RUN: --kernel vadd --global 1000 --local 40 --arg f32[1000]=rand:1:0:100 --arg f32[1000]=rand:2:0:100 --arg f32[1000]=zeros --arg f32:2.5 --arg i32x4:1,2,3,4 --arg i32[1000]=zeros
__kernel void vadd(__global const float *a, __global const float *b, __global float *c,
                   float scale, int4 bias, __global int *ids)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + scale * b[i];
    ids[i] = (int)i * bias.w + bias.y + (int)get_local_id(0) * 1000 + (int)get_group_id(0) * 100000;
}
