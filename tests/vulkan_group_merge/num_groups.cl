// MERGEABLE: no (get_num_groups)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_num_groups(0);
}
