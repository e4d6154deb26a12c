// Generic pointers whose space is known once helpers are inlined (on Vulkan the compiler
// infers it): helpers with unqualified pointers called with __global, __local and __private
// pointers, arithmetic, indexing and a walking pointer through them, helpers returning a
// generic pointer, and generic pointers kept in variables (a __private pointer kept in a
// variable is left out: Vulkan cannot offset one, generic or not).
// RUN: -cl-std=CL2.0 --kernel k --global 64 --local 16 --arg i32[64]=iota
// RUN: -cl-std=CL3.0 --kernel k --global 64 --local 16 --arg i32[64]=iota
// REFERENCE: clang-14-spir (PoCL 3.1 has no generic address space for source builds)
void bump(int *p, int by) { *p += by; }
int sum3(const int *p) { return p[0] + p[1] + *(p + 2); }
int *pick(int *base, int k) { return base + k; }
int walk(const int *p, int n) {
  int s = 0;
  for (int j = 0; j < n; j++)
    s += *p++ * (j + 1);
  return s;
}

kernel void k(global int *out) {
  local int l[16];
  int x[4] = {5, 7, 11, 13};
  size_t i = get_global_id(0), li = get_local_id(0);
  l[li] = (int)i * 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  int a = sum3(&l[li & ~3]) + walk(&l[li & 12], 4) + walk(out + (i & ~3), 3);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  bump(&x[li & 3], (int)li);
  bump(&l[li], 1);
  bump(pick(out, (int)i), 100);
  bump(pick(x, 1) + 1, 2);
  int *lp = &l[li];
  int *g = out + i;
  if (li & 1)
    g = pick(out, (int)i);
  *g += sum3(pick(x, 1)) * 1000 + *lp * 1000000;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] += a * 10 + l[li] * 100000;
}
