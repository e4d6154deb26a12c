// RUN: --kernel rows --global 4 --local 4 --arg i32[16]=iota --arg i32[4]=zeros
// EXPECT: out-of-bounds-read 10
// Sums rows of a 4x4 matrix by walking a pointer, but the loop runs one element too far.
__kernel void rows(__global const int *m, __global int *sum)
{
    int r = get_global_id(0);
    __global const int *p = m + r * 4;
    int s = 0;
    for (int k = 0; k <= 4; k++) {
        s += *p;
        p++;
    }
    sum[r] = s;
}
