// Asynchronous work-group copies and waiting for their events.
__kernel void async_copy(__global float4 *g, __global int *gi, __local float4 *l, __local int *li) {
    event_t e = async_work_group_copy(l, g, 16, 0);
    e = async_work_group_strided_copy(li, gi, 8, 2, e);
    wait_group_events(1, &e);
    event_t back = async_work_group_copy(g, l, 16, 0);
    wait_group_events(1, &back);
}
