// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: no (the loop around the barrier runs as often as a loaded value says)
__kernel void k(__global const int *rounds, __global int *o)
{
    __local int t[64];
    int n = rounds[get_group_id(0)];
    for (int r = 0; r < n; r++) {
        t[get_local_id(0)] = r;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    o[get_global_id(0)] = t[0];
}
