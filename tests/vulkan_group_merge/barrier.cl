// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: yes (its one barrier is reached by every work-group alike)
__kernel void k(__global int *o)
{
    size_t i = get_global_id(0);
    o[i] = 1;
    barrier(CLK_GLOBAL_MEM_FENCE);
    o[i ^ 1] += 1;
}
