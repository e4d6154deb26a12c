// CL-STD: CL2.0
// RUN-OPTIONS: -cl-std=CL2.0
// The OpenCL C 2.0 generic address space: unqualified pointers point to __generic, named
// spaces convert to it implicitly, explicit casts go back, and to_* / get_fence ask.
typedef struct { int *data; int n; } view;

int sum(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return s;
}

void twice(generic int *p) { *p *= 2; }

int where(int *p) {
  if (to_global(p)) return 1;
  if (to_local(p)) return 2;
  if (to_private(p)) return 3;
  return 0;
}

kernel void k(global int *out, local int *scratch) {
  local int l[8];
  int x[4] = {1, 2, 3, 4};
  size_t i = get_global_id(0);
  l[i % 8] = (int)i;
  scratch[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  twice(&x[1]);
  twice(out + i);
  view v = {x, 4};
  int *p = i & 1 ? (int *)out : x;
  global int *back = (global int *)(int *)out;
  __generic int *q = l;
  out[i] += sum(v.data, v.n) + sum(l, 8) + *p + back[0] + (q == (int *)&l[0]) + where(x)
      + (int)get_fence(scratch) + (p != (int *)0);
}
