// atomic_work_item_fence, and a seq_cst compare-exchange loop next to barriers.
// RUN: -cl-std=CL3.0 --kernel k --global 128 --local 64 --arg i32[1]=zeros --arg i32[128]=zeros
// SPIRV-POCL-UNSUPPORTED: llvm-spirv-14 reads OpMemoryBarrier back as mem_fence, which PoCL 3.1's SPIR kernel library lacks
// VULKAN-RUN-ONLY: on lavapipe the seq_cst (acquire-release) CAS loop leaves the stores of work-items 8..63 of the first group undone (relaxed orders give the right result)
kernel void k(global atomic_int *m, global int *out) {
  local atomic_int c;
  size_t li = get_local_id(0), i = get_global_id(0);
  if (li == 0) atomic_init(&c, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  int t = atomic_fetch_add_explicit(&c, 1, memory_order_relaxed, memory_scope_work_group);
  int seen = atomic_load(&m[0]);
  while (!atomic_compare_exchange_weak(&m[0], &seen, max(seen, (int)i * 3 % 200))) {}
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_release,
                         memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] += t + 1000;
}
