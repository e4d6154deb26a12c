// MERGEABLE: no (a __local variable is one per work-group)
__kernel void k(__global int *o)
{
    __local int shared[4];
    size_t i = get_global_id(0);
    shared[i & 3] = (int)i;
    o[i] = shared[i & 3];
}
