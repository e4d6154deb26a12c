// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: no (whole work-groups may return before the barrier)
__kernel void k(__global const int *skip, __global int *o)
{
    if (skip[get_group_id(0)])
        return;
    __local int t[64];
    t[get_local_id(0)] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)] = t[63 - get_local_id(0)];
}
