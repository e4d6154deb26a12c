// MESSAGE: converting the local pointer `p` to an integer
// AT: local_pointer_to_int.cl:6:16
__kernel void k(__global int *o) {
  __local int l[4];
  __local int *p = l + o[0];
  o[1] = (int)((size_t)p & 3);
}
