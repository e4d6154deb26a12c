// RUN: --kernel halve --global 4,4 --local 4,4 --arg f32[16]=iota --arg f32[8]=zeros
// EXPECT: global-data-race 14
// Meant to write a half-width copy (the sum of each pair, weighted by the column), but
// every work-item writes out[y * 2 + x / 2]: the work-items x = 2j and 2j + 1 of the one
// work-group write different values to the same element (a buffer the kernel only writes,
// in a two-dimensional launch).
__kernel void halve(__global const float *in, __global float *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    int first = x & ~1;
    float sum = 0.0f;
    for (int k = 0; k < 2; k++)
        sum += in[y * 4 + first + k] * (float)(x + 1);
    out[y * 2 + x / 2] = sum;
}
