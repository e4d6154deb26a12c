// RUN: --kernel scale --global 16 --local 8 --offset 4 --arg f32[16]=iota --arg f32[16]=zeros
// EXPECT: out-of-bounds-read 10
// EXPECT: out-of-bounds-write 10
// 16 work-items from global id 4: ids 16 to 19 access past the end of both 16-element
// buffers. (A launch whose sizes keep every p[get_global_id(0)] inside its buffer runs
// unchecked code; the global offset counts in that decision.)
__kernel void scale(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = 2.0f * in[i];
}
