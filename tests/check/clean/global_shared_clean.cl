// RUN: --kernel shared --global 64 --local 16 --arg f32[64]=iota --arg f32[64]=zeros --arg u32[1]=zeros --arg u8[64]=zeros --arg f32[4]=iota
// What races on __global memory look like but are not: disjoint per-work-item writes
// (neighbouring bytes of a uchar buffer too), atomics of every work-item on one counter, a
// read-only input that every work-item reads, and a work-group reading what its other
// work-items wrote after barrier(CLK_GLOBAL_MEM_FENCE).
__kernel void shared(__global const float *in, __global float *out, __global uint *count,
                     __global uchar *flags, __global const float *coeff)
{
    int g = get_global_id(0);
    int l = get_local_id(0);
    int n = get_local_size(0);
    int base = get_group_id(0) * n;
    out[g] = in[g] * coeff[0] + coeff[1];
    flags[g] = (uchar)(g & 1);
    atomic_inc(count);
    barrier(CLK_GLOBAL_MEM_FENCE);
    float right = out[base + (l + 1) % n];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[g] += right;
    if (atomic_add(count, 0u) > 0u)
        flags[g] += 2;
}
