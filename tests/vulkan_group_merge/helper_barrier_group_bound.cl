// MERGEABLE: no (a helper waits at a barrier)
// MERGED-GROUPS: no (the helper's loop bound comes from the group id)
// OPTIONS: -O0
void wait_rounds(uint n)
{
    for (uint r = 0; r < n; r++)
        barrier(CLK_LOCAL_MEM_FENCE);
}
__kernel void k(__global int *o)
{
    wait_rounds(get_group_id(0) % 3);
    o[get_global_id(0)] = 1;
}
