// Without cl_khr_fp16, half is written through vstore_half, not stored directly.
kernel void k(global half *p) { p[0] = 1.0f; }
