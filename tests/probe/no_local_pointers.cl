// Probe variant of tests/run/cl30_to_space_inferred.cl: without the __local array and every pointer into it
// EXPECT: 1511 (every element; hand-checked against the breakdown in tests/run/cl30_to_space_inferred.cl)
int *same(int *p) { return p; }
kernel void k(global int *out) {
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
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] += r;
}
