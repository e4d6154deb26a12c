// Probe variant of tests/run/cl30_to_space_inferred.cl: the __local pointer variable set from &l[i] instead of to_local
// EXPECT: 321511 (every element; hand-checked against the breakdown in tests/run/cl30_to_space_inferred.cl)
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
  local int *lp = &l[i];
  *lp = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  r += l[i] * 10000;
  r += (int)(get_fence(lg) + get_fence(g)) * 100000;
  out[i] += r;
}
