// RUN: --kernel scale --global 32 --local 16 --arg f32[32]=iota --arg f32[31]=zeros
// EXPECT: out-of-bounds-write 7
// The output is one element short: the last work-item writes past its end.
__kernel void scale(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = 2.0f * in[i];
}
