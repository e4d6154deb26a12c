// Async copies (6.12.10): async_work_group_copy and async_work_group_strided_copy in
// both directions for scalar and vector element types, wait_group_events, prefetch.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define COPY(T, g, l)                                                                          \
    {                                                                                          \
        event_t e1 = async_work_group_copy(l, g, 8, 0);                                        \
        event_t e2 = async_work_group_copy(g, l, 8, e1);                                       \
        event_t e3 = async_work_group_strided_copy(l, g, 4, 2, 0);                             \
        event_t e4 = async_work_group_strided_copy(g, l, 4, 2, e3);                            \
        event_t all[2] = {e2, e4};                                                             \
        wait_group_events(2, all);                                                             \
        prefetch(g, 8);                                                                        \
    }

__kernel void copies(__global char *gc, __local char *lc, __global uint4 *gu, __local uint4 *lu,
                     __global float16 *gf, __local float16 *lf, __global double2 *gd,
                     __local double2 *ld, __global const long *gl, __local long *ll,
                     __global short3 *gs, __local short3 *ls) {
    COPY(char, gc, lc)
    COPY(uint4, gu, lu)
    COPY(float16, gf, lf)
    COPY(double2, gd, ld)
    COPY(short3, gs, ls)
    event_t e = async_work_group_copy(ll, gl, 8, 0); // the global source may be const
    wait_group_events(1, &e);
}
