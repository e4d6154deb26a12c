// RUN: --kernel settle --global 64 --local 16 --arg i32[64]=iota --arg i32[4]=zeros --arg i32[64]=zeros --arg i32[64]=zeros
// Plain accesses of atomically updated locations that a barrier orders: the work-items of
// a group count into a __local counter and their group's slot of a __global buffer, then
// read both with plain loads after barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE).
// A work-item's own plain accesses of a location it updates atomically need no barrier.
__kernel void settle(__global const int *in, __global int *slots, __global int *out,
                     __global int *own)
{
    __local int total;
    __local int mine[16];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int v = in[g];
    if (l == 0)
        total = 0;
    mine[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&total, v);
    atomic_add(&slots[get_group_id(0)], v);
    atomic_inc(&mine[l]);
    // (not own[g]: checked launches of one dimension do not record that pattern at all)
    atomic_inc(&own[63 - g]);
    own[63 - g] += mine[l];
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[g] = total + slots[get_group_id(0)] + mine[(l + 1) % 16];
}
