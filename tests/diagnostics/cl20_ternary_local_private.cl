// CL-STD: CL2.0
// ?: with __local and __private pointers: the spaces do not overlap.
kernel void k(global int *o) {
  local int l[4];
  int x = 0;
  int *p = o[0] ? &l[0] : &x;
  o[1] = *p;
}
