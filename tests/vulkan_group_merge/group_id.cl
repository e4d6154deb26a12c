// MERGEABLE: no (get_group_id)
// MERGED-GROUPS: yes (no barrier; the module remaps the group id)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_group_id(0);
}
