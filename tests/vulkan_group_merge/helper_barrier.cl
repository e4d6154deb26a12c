// MERGEABLE: no (a helper waits at a barrier)
// MERGED-GROUPS: yes (the helper's loop depends on the argument the kernel passes: the local size)
// OPTIONS: -O0
void tree(__local float *t, uint n)
{
    uint l = get_local_id(0);
    for (uint s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] += t[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
__kernel void k(__global const float *in, __global float *o, __local float *t)
{
    t[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    tree(t, get_local_size(0));
    if (get_local_id(0) == 0)
        o[get_group_id(0)] = t[0];
}
