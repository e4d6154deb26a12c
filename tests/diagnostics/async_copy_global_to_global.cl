__kernel void k(__global int *g, __global int *h) {
    event_t e = async_work_group_copy(g, h, 4, 0);
}
