// MERGEABLE: yes (atomics on __global memory and fences order one work-item's accesses whatever the grouping)
__kernel void k(__global const int *a, __global int *sum)
{
    atomic_add(sum, a[get_global_id(0)]);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
}
