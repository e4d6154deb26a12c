// RUN: --kernel scale --global 12 --local 4 --offset 4 --arg f32[16]=iota --arg f32[16]=zeros
// 12 work-items from global id 4 fill the 16-element buffers exactly (ids 4 to 15): the
// launch's sizes prove every access in bounds (see oob_global_own_element_offset.cl).
__kernel void scale(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = 2.0f * in[i];
}
