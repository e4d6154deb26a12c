// RUN: --kernel last_value --global 8 --local 8 --arg i32[8]=iota --arg i32[1]=zeros
// EXPECT: global-data-race 8
// Every work-item of the one work-group writes its own value to the same __global word: a
// write-write race inside the group (no barrier could order it, and no atomic is used).
__kernel void last_value(__global const int *in, __global int *out)
{
    int l = get_local_id(0);
    out[0] = in[l];
}
