// MERGEABLE: no (a helper the kernel calls asks for the local id)
// MERGED-GROUPS: yes (no barrier; the module remaps the local id)
// OPTIONS: -O0
int lane(void) { return get_local_id(0); }
__kernel void k(__global int *o)
{
    o[get_global_id(0)] = lane();
}
