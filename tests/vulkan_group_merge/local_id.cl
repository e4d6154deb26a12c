// MERGEABLE: no (get_local_id)
// MERGED-GROUPS: yes (no barrier; the module remaps the local id)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_local_id(0);
}
