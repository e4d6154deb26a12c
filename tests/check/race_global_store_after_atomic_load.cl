// RUN: -cl-std=CL2.0 --kernel poll --global 64 --local 16 --arg i32[64]=iota --arg i32[5]=zeros --arg i32[64]=zeros
// EXPECT: global-data-race 13
// OCLGRIND-MISSES: Oclgrind 21.10 has no OpenCL 2.0 atomic_load ("Undefined external function: atomic_load")
// Every work-item of group g reads the next group's __global status word with atomic_load,
// and the first work-item of each group then sets its own group's word with a plain
// store: nothing orders work-groups, so group g + 1's store races with group g's atomic
// loads (atomic_store would not race).
__kernel void poll(__global const int *in, __global int *status, __global int *out)
{
    int g = get_group_id(0);
    out[get_global_id(0)] = atomic_load((volatile __global atomic_int *)&status[g + 1]);
    if (get_local_id(0) == 0)
        status[g] = in[get_global_id(0)];
}
