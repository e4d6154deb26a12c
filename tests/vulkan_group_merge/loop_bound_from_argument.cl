// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: yes (the loop around the barriers depends on an argument and the local size only)
__kernel void k(__global const float *in, __global float *o, uint rounds)
{
    __local float t[256];
    uint l = get_local_id(0);
    t[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = 0; r < rounds; r++)
        for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
            if (l < s)
                t[l] += t[l + s];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    if (l == 0)
        o[get_group_id(0)] = t[0];
}
