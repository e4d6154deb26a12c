// RUN: --kernel flag --global 8 --local 8 --arg i32[8]=iota --arg i32[1]=zeros
// EXPECT: data-race 10
// Every work-item writes the same __local word between the same two barriers.
__kernel void flag(__global const int *in, __global int *out)
{
    __local int last;
    int l = get_local_id(0);
    if (l == 0) last = -1;
    barrier(CLK_LOCAL_MEM_FENCE);
    last = in[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) out[0] = last;
}
