// RUN: --kernel vecadd --global 1024 --local 64 --arg f32[1024]=rand:1 --arg f32[1024]=rand:2 --arg f32[1024]=zeros
// Element-wise addition of two float vectors: c = a + b.
__kernel void vecadd(__global const float *a,
                     __global const float *b,
                     __global float *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
