// RUN: --kernel scale4 --global 16 --local 8 --arg f32x4[16]=iota --arg f32x4[15]=zeros
// EXPECT: out-of-bounds-write 8
// The output holds 15 float4 for 16 work-items: the last one writes its
// float4 past the end (the per-launch decision scales the index by the pointee's 16 bytes).
__kernel void scale4(__global const float4 *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = 2.0f * in[i];
}
