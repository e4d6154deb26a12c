// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: no (the kernel fixes its work-group size)
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void k(__global int *o)
{
    __local int t[64];
    t[get_local_id(0)] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)] = t[63 - get_local_id(0)];
}
