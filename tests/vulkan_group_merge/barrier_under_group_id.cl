// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: no (whether the barrier is reached depends on the group id)
__kernel void k(__global int *o)
{
    size_t i = get_global_id(0);
    o[i] = 1;
    if (get_group_id(0) % 2 == 0)
        barrier(CLK_GLOBAL_MEM_FENCE);
    o[i] += 1;
}
