// RUN: --kernel lookup --global 8 --local 8 --arg f32[4]=iota --arg f32[8]=zeros
// EXPECT: out-of-bounds-read 7
// A __constant table of 4 entries indexed by the global id (0 to 7).
__kernel void lookup(__constant float *table, __global float *out)
{
    int i = get_global_id(0);
    out[i] = table[i];
}
