// RUN: -cl-std=CL3.0 --kernel neighbours --global 64 --local 16 --arg i32[64]=randu:451:-1000:1000 --arg i32[64]=zeros
// work_group_barrier (OpenCL C 2.0/3.0) with and without a memory scope: each work-item
// reads its neighbour's value from __local memory after the barrier.
__kernel void neighbours(__global const int *in, __global int *out)
{
    __local int tile[16];
    int l = get_local_id(0);
    tile[l] = in[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int v = tile[(l + 1) % 16];
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    tile[l] = v * 3;
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_device);
    out[get_global_id(0)] = tile[15 - l] - v;
}
