// to_global / to_local / to_private and get_fence on pointers into each space, with and
// without a barrier (private variables then live in the per-work-item state on the CPU).
// Each space_of digit: 1 global, 2 local, 4 private (from to_*), 8 * get_fence
// (CLK_LOCAL_MEM_FENCE = 1 for __local, CLK_GLOBAL_MEM_FENCE = 2 otherwise), so
// global = 1 + 16 = 17, local = 2 + 8 = 10, private = 4 + 16 = 20; to_global(NULL) is NULL.
// RUN: -cl-std=CL2.0 --kernel k --global 8 --local 4 --arg i32[8]=zeros
// RUN: -cl-std=CL2.0 --kernel no_barrier --global 8 --arg i32[8]=zeros
// EXPECT: arg0 = 201017
int space_of(int *p) {
  return (to_global(p) != 0) + 2 * (to_local(p) != 0) + 4 * (to_private(p) != 0)
      + 8 * (int)get_fence(p);
}

kernel void k(global int *out) {
  local int l[4];
  int x[3] = {1, 2, 3};
  size_t i = get_global_id(0);
  l[i % 4] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = space_of(&out[i]) + 100 * space_of(&l[i % 4]) + 10000 * space_of(&x[i % 3])
      + (to_global((int *)0) != 0) * 1000000;
}

kernel void no_barrier(global int *out) {
  local int l[4];
  int x = 1;
  size_t i = get_global_id(0);
  out[i] = space_of(&out[i]) + 100 * space_of(&l[i % 4]) + 10000 * space_of(&x);
}
