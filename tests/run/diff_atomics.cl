// RUN: --kernel atom_global32 --global 256 --local 32 --arg i32[256]=randu:311:-100000:100000 --arg i32[16]=zeros --arg u32[16]=zeros
// RUN: --kernel atom_local32 --global 256 --local 64 --arg u32[256]=rand:312 --arg u32[64]=zeros
// RUN: --kernel atom_counter --global 512 --local 128 --arg i32[512]=randu:314:0:9 --arg i32[16]=zeros --arg i32[512]=zeros
// Atomics whose final values do not depend on the order of the work-items: every 32-bit
// atomic_* on __global int/uint (add, sub, inc, dec, min, max, and, or, xor, xchg into a
// slot nobody reads, cmpxchg loops building a sum), the same on __local with the group's
// results merged into __global (64-bit atom_* are in diff_atomics64.cl) and a counter
// handing out unique slots (the set of slots, not their order, is stored).

__kernel void atom_global32(__global const int *a, __global int *g, __global uint *u)
{
    int i = get_global_id(0);
    int x = a[i];
    atomic_add(&g[0], x);
    atomic_sub(&g[1], x);
    atomic_inc(&g[2]);
    atomic_dec(&g[3]);
    atomic_min(&g[4], x);
    atomic_max(&g[5], x);
    atomic_and(&g[6], ~(1 << (i & 31)));
    atomic_or(&g[7], 1 << (x & 31));
    atomic_xor(&g[8], x);
    int old = atomic_cmpxchg(&g[9], 0, 0);
    int want;
    do {
        want = old;
        old = atomic_cmpxchg(&g[9], want, want + (x & 0xff));
    } while (old != want);
    atomic_xchg(&g[10], 7);
    atomic_min(&u[0], (uint)x);
    atomic_max(&u[1], (uint)x);
    atomic_add(&u[2], (uint)x * 3u);
    atomic_or(&u[3], (uint)x);
    atomic_and(&u[4], (uint)x | 0xff00ff00u);
    atom_add(&u[5], 1u);
    atomic_inc(&u[6]);
    atomic_dec(&u[7]);
}

__kernel void atom_local32(__global const uint *a, __global uint *out)
{
    __local uint acc[8];
    __local int smin[1];
    int l = get_local_id(0);
    if (l < 8) acc[l] = l == 3 ? 0xffffffffu : 0u;
    if (l == 0) smin[0] = INT_MAX;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint x = a[get_global_id(0)];
    atomic_add(&acc[0], x);
    atomic_max(&acc[1], x);
    atomic_xor(&acc[2], x);
    atomic_and(&acc[3], x | 0x0f0f0f0fu);
    atomic_inc(&acc[4]);
    atomic_min(&smin[0], (int)x);
    uint prev = atomic_or(&acc[5], 1u << (l & 31));
    atomic_add(&acc[6], (prev >> (l & 31)) & 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8) {
        uint v = l == 7 ? (uint)smin[0] : acc[l];
        atomic_add(&out[l], v);
        atomic_max(&out[8 + l], v);
        out[16 + get_group_id(0) * 8 + l] = v;
    }
}

__kernel void atom_counter(__global const int *bins, __global int *count,
                           __global int *marks)
{
    int i = get_global_id(0);
    int b = bins[i];
    int slot = atomic_inc(&count[b]);
    atomic_add(&count[10], slot);
    int unique = atomic_inc(&count[11]);
    atomic_inc(&marks[unique]);
}
