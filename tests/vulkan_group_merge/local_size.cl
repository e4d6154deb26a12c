// MERGEABLE: no (get_local_size)
// MERGED-GROUPS: yes (no barrier; the module remaps the local size)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_local_size(0);
}
