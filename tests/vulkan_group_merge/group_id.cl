// MERGEABLE: no (get_group_id)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_group_id(0);
}
