// MERGEABLE: no (get_num_groups)
// MERGED-GROUPS: yes (no barrier; the module remaps the group count)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_num_groups(0);
}
