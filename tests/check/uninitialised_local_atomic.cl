// RUN: --kernel tally --global 32 --local 16 --arg i32[32]=iota --arg u32[2]=zeros
// EXPECT: uninitialised-read 10
// Counts the even inputs of each work-group with atomic_inc on a __local counter, but
// nothing sets the counter to zero first: the increments start from an undefined value.
__kernel void tally(__global const int *in, __global uint *out)
{
    __local uint count;
    int l = get_local_id(0);
    if (in[get_global_id(0)] % 2 == 0)
        atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        out[get_group_id(0)] = count;
}
