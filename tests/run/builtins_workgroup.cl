// RUN: -cl-std=CL2.0 --kernel wg --global 256 --local 64 --arg i32[256]=randu:101:-1000:1000 --arg f32[256]=randu:102:-8:8 --arg i32[2048]=zeros --arg f32[1024]=zeros
// TOLERANCE: 1e-5 1e-4
// OpenCL 2.0 work-group functions: all/any, broadcast, reduce and inclusive/exclusive
// scans of add/min/max on int, uint and float. PoCL 3.1 has no work-group functions, so
// when the source is compiled by clang (the PoCL reference) the same results come from an
// independent __local-array implementation written out below (work-group size 64).
#ifdef __clang__
#define WG 64
/* mode 0: reduction, 1: inclusive scan, 2: exclusive scan (a GNU statement expression). */
#define SCAN_BODY(T, buf, x, OP, ID, mode)                                              \
    ({                                                                                  \
        barrier(CLK_LOCAL_MEM_FENCE);                                                   \
        buf[get_local_id(0)] = (x);                                                     \
        barrier(CLK_LOCAL_MEM_FENCE);                                                   \
        T acc = ID;                                                                     \
        int lid_ = get_local_id(0);                                                     \
        int n = mode == 0 ? WG : (mode == 1 ? lid_ + 1 : lid_);                         \
        for (int k = 0; k < n; k++)                                                     \
            acc = OP(acc, buf[k]);                                                      \
        acc;                                                                            \
    })
#define ADD(a, b) ((a) + (b))
#define work_group_all(p) SCAN_BODY(int, ib, (p) != 0, min, 1, 0)
#define work_group_any(p) SCAN_BODY(int, ib, (p) != 0, max, 0, 0)
#endif

__kernel void wg(__global const int *a, __global const float *f, __global int *out,
                 __global float *fout)
{
    int i = get_global_id(0);
    int x = a[i];
    uint u = (uint)(x + 1000);
    float y = f[i];
    __global int *o = out + i * 8;
#ifdef __clang__
    __local int ib[WG];
    __local uint ub[WG];
    __local float fb[WG];
    int lid = get_local_id(0);
    o[0] = work_group_all(x > -990) + work_group_any(x > 990) * 2 + work_group_any(x == 12345) * 4;
    o[1] = SCAN_BODY(int, ib, lid == 5 ? x : 0, ADD, 0, 0);
    o[2] = SCAN_BODY(int, ib, x, ADD, 0, 0);
    o[3] = SCAN_BODY(int, ib, x, min, INT_MAX, 0) ^ SCAN_BODY(int, ib, x, max, INT_MIN, 0);
    o[4] = SCAN_BODY(int, ib, x, ADD, 0, 1);
    o[5] = SCAN_BODY(int, ib, x, ADD, 0, 2);
    o[6] = (int)SCAN_BODY(uint, ub, u, max, 0u, 1) + SCAN_BODY(int, ib, x, min, INT_MAX, 2);
    o[7] = (int)SCAN_BODY(uint, ub, u, ADD, 0u, 0);
    fout[4 * i] = SCAN_BODY(float, fb, y, fmax, -INFINITY, 0) - SCAN_BODY(float, fb, y, fmin, INFINITY, 0);
    fout[4 * i + 1] = SCAN_BODY(float, fb, y, fmin, INFINITY, 1);
    fout[4 * i + 2] = SCAN_BODY(float, fb, lid == 63 ? y : 0.0f, ADD, 0.0f, 0);
    fout[4 * i + 3] = SCAN_BODY(float, fb, y, ADD, 0.0f, 1);
#else
    o[0] = work_group_all(x > -990) + work_group_any(x > 990) * 2 + work_group_any(x == 12345) * 4;
    o[1] = work_group_broadcast(x, 5);
    o[2] = work_group_reduce_add(x);
    o[3] = work_group_reduce_min(x) ^ work_group_reduce_max(x);
    o[4] = work_group_scan_inclusive_add(x);
    o[5] = work_group_scan_exclusive_add(x);
    o[6] = (int)work_group_scan_inclusive_max(u) + work_group_scan_exclusive_min(x);
    o[7] = (int)work_group_reduce_add(u);
    fout[4 * i] = work_group_reduce_max(y) - work_group_reduce_min(y);
    fout[4 * i + 1] = work_group_scan_inclusive_min(y);
    fout[4 * i + 2] = work_group_broadcast(y, 63);
    fout[4 * i + 3] = work_group_scan_inclusive_add(y);
#endif
}
