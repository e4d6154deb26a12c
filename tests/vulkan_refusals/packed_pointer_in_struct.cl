// MESSAGE: is stored in memory other than a variable of the function
// AT: packed_pointer_in_struct.cl:13:12
// The address of a packed member kept in a struct field (an array of views picked at run
// time, so the struct is not split into variables).
typedef struct __attribute__((packed)) {
  char c;
  uint u[2];
} P;
typedef struct { __global uint *p; int n; } View;
uint sum(View *v) { uint s = 0; for (int k = 0; k < v->n; k++) s += v->p[k]; return s; }
__kernel void k(__global P *in, __global uint *o, int i) {
  View v[2];
  v[0].p = in[i].u; v[0].n = 2;
  v[1].p = o; v[1].n = 1;
  o[i] = sum(&v[i & 1]);
}
