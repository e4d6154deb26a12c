// RUN: -cl-std=CL2.0 --kernel watch --global 64 --local 16 --arg i32[64]=iota --arg i32[2]=zeros --arg i32[64]=zeros
// OCLGRIND-MISSES: Oclgrind 21.10 has no OpenCL 2.0 atomic_load ("Undefined external function: atomic_load")
// Atomic loads race with no atomic operation: every work-item of every group reads a
// __global word and a __local one with atomic_load while others add to them with
// atomic_fetch_add or set them with atomic_store; a plain store of the __local word and a
// plain read of it come after barriers.
__kernel void watch(__global const int *in, __global int *total, __global int *out)
{
    __local int seen;
    int l = get_local_id(0);
    volatile __local atomic_int *s = (volatile __local atomic_int *)&seen;
    volatile __global atomic_int *t = (volatile __global atomic_int *)total;
    if (l == 0)
        seen = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int a = atomic_load(s) + atomic_load(t);
    if (l % 4 == 0)
        atomic_fetch_add(s, 1);
    if (l == 5)
        atomic_store(t, in[get_global_id(0)]);
    atomic_fetch_add(t, a & 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = seen;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        seen = a;
}
