// OpenCL C 2.0 work-group functions: all/any, broadcast in 1, 2 and 3 dimensions, and
// reduce/scan with add, min and max for int, uint, long, ulong, float and double.
// RUN-OPTIONS: -cl-std=CL2.0
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define COLLECTIVES(T, x)                                                                      \
    {                                                                                          \
        T r = work_group_reduce_add(x) + work_group_reduce_min(x) + work_group_reduce_max(x);  \
        T e = work_group_scan_exclusive_add(x) + work_group_scan_exclusive_min(x)              \
            + work_group_scan_exclusive_max(x);                                                \
        T i = work_group_scan_inclusive_add(x) + work_group_scan_inclusive_min(x)              \
            + work_group_scan_inclusive_max(x);                                                \
        T b = work_group_broadcast(x, 0) + work_group_broadcast(x, 0, 0)                       \
            + work_group_broadcast(x, 0, 0, 0);                                                \
        out[0] += (double)(r + e + i + b);                                                     \
    }

__kernel void work_group(__global double *out, int si, uint ui, long sl, ulong ul, float f, double d) {
    int flags = work_group_all(si > 0) + work_group_any(si < 0);
    COLLECTIVES(int, si)
    COLLECTIVES(uint, ui)
    COLLECTIVES(long, sl)
    COLLECTIVES(ulong, ul)
    COLLECTIVES(float, f)
    COLLECTIVES(double, d)
    out[1] = flags;
}
