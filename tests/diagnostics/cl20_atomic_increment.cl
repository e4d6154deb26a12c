// CL-STD: CL2.0
// ++ on an atomic object is not allowed (use atomic_fetch_add).
kernel void k(global atomic_int *a) { a[0]++; }
