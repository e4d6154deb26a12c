// Generic pointers: one helper serves __global, __local and __private memory.
// RUN: -cl-std=CL2.0 --kernel k --global 64 --local 16 --arg i32[64]=iota
// REFERENCE: clang-14-spir (PoCL 3.1 has no generic address space for source builds)
// VULKAN-UNSUPPORTED: `g` may point to __local or __private memory, known only at run time (Vulkan has no generic address space)
void bump(int *p, int by) { *p += by; }
int sum2(const generic int *p) { return p[0] + p[1]; }
kernel void k(global int *out) {
  local int l[64];
  int x[2] = {5, 7};
  size_t i = get_global_id(0), li = get_local_id(0);
  l[li] = (int)i * 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  bump(&x[0], (int)li);
  bump(&out[i], 100);
  int *g = (li & 1) ? (int *)&l[li] : x;
  int *q = out + i;
  out[i] += sum2(x) * 1000 + *g * 10 + (q == &out[i]) + sum2(&l[li & ~1]);
}
