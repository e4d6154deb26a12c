// MERGEABLE: no (work-group functions combine one work-group's values)
// MERGED-GROUPS: yes (the work-group function's barriers are reached alike in every group)
// OPTIONS: -cl-std=CL2.0
__kernel void k(__global const int *a, __global int *o)
{
    size_t i = get_global_id(0);
    o[i] = work_group_reduce_add(a[i]);
}
