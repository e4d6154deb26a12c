// Synchronization and memory fences (6.12.8, 6.12.9): barrier and the fences with
// each flag combination.
__kernel void sync(__global int *g, __local int *l) {
    size_t i = get_local_id(0);
    l[i] = g[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    g[i] = l[(i + 1) % get_local_size(0)];
    barrier(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    read_mem_fence(CLK_LOCAL_MEM_FENCE);
    write_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    cl_mem_fence_flags flags = CLK_LOCAL_MEM_FENCE;
    barrier(flags);
}
