// RUN: --kernel count_positive --global 32 --local 16 --arg i32[32]=iota --arg i32[2]=zeros
// EXPECT: data-race 16
// Counts the positive inputs of each work-group with atomic_inc on a __local counter; a
// work-item whose input is the sentinel 15 marks the count invalid with a plain store,
// while the other work-items of the group still increment it (no barrier between them).
__kernel void count_positive(__global const int *in, __global int *counts)
{
    __local int count;
    int l = get_local_id(0);
    if (l == 0)
        count = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)] % 16;
    if (v == 15)
        // a plain store racing with the other work-items' atomic_inc
        count = -1;
    else if (v > 0)
        atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        counts[get_group_id(0)] = count;
}
