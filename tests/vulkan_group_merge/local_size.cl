// MERGEABLE: no (get_local_size)
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = get_local_size(0);
}
