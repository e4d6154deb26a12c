// RUN: --kernel tally --global 32 --local 16 --arg i32[32]=iota --arg i32[32]=zeros
// EXPECT: data-race 15
// EXPECT: data-race 17
// Counts the even inputs of each work-group with atomic_inc on a __local counter and gives
// every work-item the count, but the barrier between the counting and the plain read is
// missing: a work-item reads the counter while others still increment it.
__kernel void tally(__global const int *in, __global int *out)
{
    __local int count;
    int l = get_local_id(0);
    if (l == 0)
        count = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (in[get_global_id(0)] % 2 == 0)
        atomic_inc(&count);
    // barrier(CLK_LOCAL_MEM_FENCE) missing here
    out[get_global_id(0)] = count;
}
