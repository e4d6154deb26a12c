// CHECK: OpAtomicIAdd
// CHECK: OpAtomicCompareExchange
// CHECK: OpAtomicUMax
// CHECK: OpControlBarrier
// Atomics on __global and __local memory and a work-group barrier (local histogram).
__kernel void k(__global const uint *in, __global uint *hist, __global uint *top,
                __local uint *bins)
{
    uint l = get_local_id(0);
    if (l < 16)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[in[get_global_id(0)] & 15]);
    atomic_max(top, in[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        atomic_add(&hist[l], bins[l]);
    atom_cmpxchg(&hist[16], 0u, 1u);
}
