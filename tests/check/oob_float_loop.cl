// RUN: --kernel blur --global 16 --local 8 --arg f32[16]=iota --arg f32[3]=fill:1 --arg f32[16]=zeros
// EXPECT: out-of-bounds-read 10
// A three-tap filter over a row without a border: the last two work-items read past the
// end of the input, inside the loop that sums the taps (a float loop).
__kernel void blur(__global const float *in, __constant float *taps, __global float *out)
{
    int i = get_global_id(0);
    float sum = 0.0f;
    for (int k = 0; k < 3; k++)
        sum += taps[k] * in[i + k];
    out[i] = sum;
}
