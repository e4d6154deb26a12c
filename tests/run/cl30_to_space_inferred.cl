// to_global / to_local / to_private on generic pointers whose space is known after
// inlining, with the results used as pointers (written through, compared with NULL, kept in
// variables). Hand-checked: 1 (written through to_global of a global pointer)
// + 10 (to_local of that global pointer is NULL) + 500 (x = 4, incremented through
// to_private, times 100) + 1000 (to_private of the global pointer is NULL)
// + 20000 (to_local of a __local pointer, written through: l[i] = 2, times 10000)
// + 300000 (get_fence of the __local pointer is CLK_LOCAL_MEM_FENCE = 1, of the global
// one CLK_GLOBAL_MEM_FENCE = 2: 1 + 2 = 3, times 100000) = 321511.
// RUN: -cl-std=CL3.0 --kernel k --global 8 --local 8 --arg i32[8]=zeros
// RUN: -cl-std=CL2.0 --kernel k --global 8 --local 8 --arg i32[8]=zeros
// EXPECT: arg0 = 321511
int *same(int *p) { return p; }
kernel void k(global int *out) {
  local int l[8];
  int x = 4;
  size_t i = get_global_id(0);
  int *g = same(&out[i]);
  global int *gg = to_global(g);
  if (gg)
    *gg += 1;
  int r = (to_local(g) == NULL) * 10;
  private int *pp = to_private(same(&x));
  *pp += 1;
  r += x * 100;
  r += (to_private(g) == 0) * 1000;
  int *lg = same(&l[i]);
  local int *lp = to_local(lg);
  *lp = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  r += l[i] * 10000;
  r += (int)(get_fence(lg) + get_fence(g)) * 100000;
  out[i] += r;
}
