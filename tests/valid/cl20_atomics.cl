// CL-STD: CL2.0
// RUN-OPTIONS: -cl-std=CL2.0
// OpenCL C 2.0 atomic types, enumerations and macros as declarations use them.
#if !defined(__opencl_c_atomic_order_seq_cst) || !defined(__opencl_c_generic_address_space)
#error "OpenCL C 2.0 feature macros missing"
#endif
typedef struct { atomic_int hits; int pad; } counter_t;

int bump(volatile atomic_int *p, memory_order o) {
  return atomic_fetch_add_explicit(p, 1, memory_order_relaxed) + (o == memory_order_seq_cst);
}

kernel void k(global atomic_uintptr_t *u, global atomic_size_t *s, global atomic_intptr_t *ip,
              global atomic_ptrdiff_t *pd, global atomic_double *d, global counter_t *c,
              global atomic_flag *f) {
  local atomic_int l;
  atomic_int priv;
  atomic_init(&priv, 3);
  memory_scope sc = memory_scope_work_group;
  if (get_local_id(0) == 0) atomic_init(&l, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(u, 1ul);
  atomic_fetch_max(s, get_global_id(0));
  atomic_fetch_min(ip, -1l);
  atomic_fetch_sub(pd, 2l);
  atomic_store(d, atomic_load(d) + 1.0);
  bump(&c->hits, memory_order_seq_cst);
  bump(&l, memory_order_acquire);
  bump(&priv, memory_order_relaxed);
  double e = 0.0;
  atomic_compare_exchange_strong_explicit(d, &e, 2.0, memory_order_acq_rel,
                                          memory_order_relaxed, memory_scope_device);
  if (!atomic_flag_test_and_set_explicit(f, memory_order_acquire, memory_scope_device))
    atomic_flag_clear_explicit(f, memory_order_release);
  (void)sc;
}
