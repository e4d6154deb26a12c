// MESSAGE: the private pointer variable `p` points into both `a` and `b`
// AT: private_pointer_two_roots.cl:6:17
__kernel void k(__global int *o) {
  int a[2] = {1, 2}, b[2] = {3, 4};
  int *p = a;
  if (o[0]) p = b;
  o[1] = *p;
}
