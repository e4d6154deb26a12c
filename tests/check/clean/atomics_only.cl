// RUN: --kernel count --global 64 --local 16 --arg i32[64]=iota --arg u32[2]=zeros --arg i32[4]=zeros
// Locations that only atomics touch do not race, whatever the work-items and groups: every
// work-item of every group updates a __global counter and a __global maximum, and one
// __local counter per group (which work-item 0 starts before a barrier).
__kernel void count(__global const int *in, __global uint *counters, __global int *maxima)
{
    __local uint odd;
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    if (l == 0)
        odd = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&counters[0]);
    if (v & 1) {
        atomic_inc(&odd);
        atomic_add(&counters[1], 1u);
    }
    atomic_max(&maxima[0], v);
    atomic_min(&maxima[1], -v);
    atomic_cmpxchg(&maxima[2], 0, 7);
    atomic_xchg(&maxima[3], v);
    atomic_add(&odd, 0u);
}
