// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: no (a loop with a barrier is left when a loaded value says)
__kernel void k(__global const int *in, __global int *o)
{
    __local int t[64];
    int i = 0;
    for (; i < 8; i++) {
        t[get_local_id(0)] = i;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (in[get_group_id(0) * 8 + i] > 0)
            break;
    }
    o[get_global_id(0)] = i;
}
