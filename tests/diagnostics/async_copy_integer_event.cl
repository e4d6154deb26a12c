__kernel void k(__global int *g, __local int *l, int ev) {
    event_t e = async_work_group_copy(l, g, 4, ev);
}
