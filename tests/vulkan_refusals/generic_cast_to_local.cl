// CL-STD: CL2.0
// MESSAGE: casting the generic pointer `g` (pointing to __global memory) to a __local pointer
// AT: generic_cast_to_local.cl:7:19
kernel void k(global int *o) {
  local int l[4];
  int *g = o;
  local int *lp = (local int *)g;
  *lp = 1;
  o[1] = l[0];
}
