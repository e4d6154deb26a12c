// RUN: --kernel progress --global 64 --local 16 --arg i32[64]=iota --arg i32[1]=zeros --arg i32[4]=zeros
// EXPECT: global-data-race 10
// EXPECT: global-data-race 13
// Every work-item adds its input into a __global total with atomic_add, and the first
// work-item of each group then reads the total with a plain load. The barrier orders the
// work-items of one group, but nothing orders work-groups: a group's plain read races
// with the other groups' atomic_add.
__kernel void progress(__global const int *in, __global int *total, __global int *seen)
{
    atomic_add(total, in[get_global_id(0)]);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        seen[get_group_id(0)] = *total;
}
