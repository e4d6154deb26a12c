// RUN: --kernel atomics --global 512 --local 64 --arg i32[512]=randu:61:-1000:1000 --arg i32[16]=zeros --arg u32[8]=zeros --arg f32[4]=zeros --arg i32[512]=zeros
// OpenCL 1.1 atomic_* and 1.0 atom_* on __global and __local int/uint, atomic_xchg on
// float; only order-independent results are stored.
__kernel void atomics(__global const int *a, __global int *g, __global uint *u,
                      __global float *f, __global int *seen)
{
    __local int l[4];
    int i = get_global_id(0);
    int lid = get_local_id(0);
    if (lid < 4) l[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = a[i];
    atomic_add(&g[0], x);
    atomic_sub(&g[1], x);
    atomic_min(&g[2], x);
    atomic_max(&g[3], x);
    atomic_and(&g[4], ~(1 << (i & 31)));
    atomic_or(&g[5], 1 << (i & 31));
    atomic_xor(&g[6], x);
    atomic_inc(&g[7]);
    atomic_dec(&g[8]);
    atom_add(&g[9], 2);
    atomic_cmpxchg(&g[10], 0, 7);
    atom_max(&u[0], (uint)x);
    atom_min(&u[1], (uint)x | 0x80000000u);
    atomic_inc(&u[2]);
    atomic_xchg(&f[0], 1.5f);
    atomic_add(&l[0], x);
    atom_inc(&l[1]);
    atomic_max(&l[2], x);
    seen[i] = atomic_xchg(&g[11], 1) | 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        atomic_add(&g[12], l[0]);
        atomic_add(&g[13], l[1]);
        atomic_max(&g[14], l[2]);
    }
}
