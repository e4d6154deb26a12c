// RUN: --kernel atom_global64 --global 256 --local 32 --arg i64[256]=rand:313 --arg i64[8]=zeros --arg u64[8]=zeros
// RUN: --kernel atom_local64 --global 128 --local 32 --arg i64[128]=rand:5 --arg i64[12]=zeros
// 64-bit atom_* on __global long/ulong (cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics, which PoCL's CPU device reports): add, sub, inc, dec,
// min, max, and, or, xor, xchg, and a cmpxchg loop; add, inc and max on __local long/ulong;
// only order-independent results.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void atom_global64(__global const long *a, __global long *g, __global ulong *u)
{
    int i = get_global_id(0);
    long x = a[i];
    atom_add(&g[0], x);
    atom_sub(&g[1], x >> 3);
    atom_inc(&g[2]);
    atom_min(&g[3], x);
    atom_max(&g[4], x);
    atom_xor(&g[5], x);
    atom_or(&u[0], 1UL << (i & 63));
    atom_and(&u[1], ~(1UL << ((x >> 8) & 63)));
    atom_min(&u[2], (ulong)x);
    atom_max(&u[3], (ulong)x);
    atom_dec(&u[4]);
    long old = atom_cmpxchg(&g[6], 0L, 0L);
    long want;
    do {
        want = old;
        old = atom_cmpxchg(&g[6], want, want + (x & 0xffff));
    } while (old != want);
    atom_xchg(&g[7], 5L);
}

__kernel void atom_local64(__global const long *a, __global long *out)
{
    __local long acc[2];
    __local ulong m;
    int l = get_local_id(0);
    if (l == 0) { acc[0] = 0; acc[1] = 0; m = 0; }
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(&acc[0], a[get_global_id(0)]);
    atom_inc(&acc[1]);
    atom_max(&m, (ulong)a[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) { out[get_group_id(0) * 3] = acc[0]; out[get_group_id(0) * 3 + 1] = acc[1]; out[get_group_id(0) * 3 + 2] = (long)m; }
}
