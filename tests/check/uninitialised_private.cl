// RUN: --kernel pick --global 8 --local 8 --arg i32[8]=iota --arg i32[8]=zeros
// EXPECT: uninitialised-read 12
// Fills the first 4 of 8 private elements but reads element i, which is unwritten for the
// work-items 4 to 7.
__kernel void pick(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int vals[8];
    for (int k = 0; k < 4; k++)
        vals[k] = in[k] * 2;
    int j = in[i];
    out[i] = vals[j];
}
