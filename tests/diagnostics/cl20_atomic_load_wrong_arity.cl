// CL-STD: CL2.0
// atomic_load_explicit takes an order (and optionally a scope), not three extra arguments.
kernel void k(global atomic_int *a, global int *o) {
  o[0] = atomic_load_explicit(a, memory_order_relaxed, memory_scope_device, 1);
}
