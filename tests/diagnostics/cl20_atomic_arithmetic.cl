// CL-STD: CL2.0
// Atomic objects take no arithmetic: only the atomic_* functions access them.
kernel void k(global atomic_int *a, global int *o) { o[0] = *a + 1; }
