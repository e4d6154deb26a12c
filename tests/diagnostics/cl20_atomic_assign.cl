// CL-STD: CL2.0
// Plain assignment to an atomic object is not allowed (use atomic_store).
kernel void k(global atomic_int *a) { *a = 1; }
