// RUN: --kernel window --global 8 --local 8 --arg i32[8]=iota --arg i32[8]=zeros
// EXPECT: out-of-bounds-write 10
// A private array of 4 filled by a loop that runs 5 times when the input is odd.
__kernel void window(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int acc[4];
    int n = 4 + (in[i] & 1);
    for (int k = 0; k < n; k++)
        acc[k] = in[i] + k;
    out[i] = acc[0] + acc[3];
}
