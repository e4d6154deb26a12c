// MERGEABLE: no (a __local argument is one buffer per work-group)
// MERGED-GROUPS: yes (no barrier; each merged group gets its part of the argument)
__kernel void k(__global int *o, __local int *scratch)
{
    size_t i = get_global_id(0);
    scratch[0] = (int)i;
    o[i] = scratch[0];
}
