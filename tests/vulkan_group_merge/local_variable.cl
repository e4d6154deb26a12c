// MERGEABLE: no (a __local variable is one per work-group)
// MERGED-GROUPS: yes (no barrier; each merged group gets its copy of the variable)
__kernel void k(__global int *o)
{
    __local int shared[4];
    size_t i = get_global_id(0);
    shared[i & 3] = (int)i;
    o[i] = shared[i & 3];
}
