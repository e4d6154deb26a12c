// OpenCL C 2.0 atomics on __global and __local atomic objects: every fetch operation,
// load/store/exchange (also on atomic_float), compare-exchange (strong and a weak CAS
// loop), atomic_flag, with default (seq_cst, device) and explicit orders and scopes.
// CL3.0: PoCL 3.1 builds CL3.0 sources with these atomics (its CL2.0 is not offered).
// RUN: -cl-std=CL3.0 --kernel k --global 256 --local 64 --arg i32[8]=zeros --arg u32[8]=zeros --arg i64[4]=zeros --arg f32[4]=zeros --arg i32[256]=zeros
kernel void k(global atomic_int *ai, global atomic_uint *au, global atomic_long *al,
              global atomic_float *af, global int *out) {
  local atomic_int counter;
  local atomic_int flag;
  size_t i = get_global_id(0), li = get_local_id(0);
  if (li == 0) {
    atomic_init(&counter, 0);
    atomic_init(&flag, ATOMIC_FLAG_INIT);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = (int)i;
  atomic_fetch_add(&ai[0], 1);
  atomic_fetch_sub_explicit(&ai[1], v, memory_order_relaxed);
  atomic_fetch_max(&ai[2], v * 7 % 101);
  atomic_fetch_min_explicit(&ai[3], -v, memory_order_acq_rel, memory_scope_device);
  atomic_fetch_or(&au[0], 1u << (i % 32));
  atomic_fetch_xor(&au[1], (uint)i);
  atomic_fetch_and_explicit(&au[2], ~(1u << (i % 32)), memory_order_seq_cst);
  atomic_fetch_add(&al[0], (long)i << 33);
  int local_ticket = atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed, memory_scope_work_group);
  // Compare-exchange loop: a maximum through CAS.
  int seen = atomic_load_explicit(&ai[4], memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(&ai[4], &seen, max(seen, v * 3 % 200), memory_order_relaxed, memory_order_relaxed)) {}
  // A float sum through a compare-exchange loop (exact: 256 additions of 1).
  float fseen = atomic_load_explicit(&af[3], memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(&af[3], &fseen, fseen + 1.0f, memory_order_relaxed, memory_order_relaxed)) {}
  int expected = -1;
  bool won = atomic_compare_exchange_strong_explicit(&ai[5], &expected, v, memory_order_acq_rel, memory_order_acquire);
  if (!won && expected < 0) out[i] = -999;
  if (!atomic_flag_test_and_set((volatile local atomic_flag *)&flag))
    atomic_fetch_add(&au[5], 1u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (li == 0) {
    atomic_fetch_add(&ai[6], atomic_load_explicit(&counter, memory_order_acquire, memory_scope_work_group));
    atomic_flag_clear((volatile local atomic_flag *)&flag);
  }
  if (i == 0) {
    atomic_store(&af[0], 2.5f);
    atomic_store_explicit(&ai[7], 77, memory_order_release);
    atomic_store(&af[1], atomic_exchange(&af[2], 1.25f) + 1.0f);
    atomic_store(&au[3], atomic_exchange_explicit(&au[4], 9u, memory_order_acq_rel) + 5u);
  }
  out[i] += (local_ticket >= 0 && local_ticket < 64);
}
