// RUN: --kernel vecadd --global 16 --local 8 --arg f32[8]=iota --arg f32[16]=iota --arg f32[16]=zeros
// EXPECT: out-of-bounds-read 8
// The first buffer has 8 elements but the launch has 16 work-items: work-items 8 to 15 read
// past its end.
__kernel void vecadd(__global const float *a, __global const float *b, __global float *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
