// MESSAGE: converting the local pointer `p` to an integer
// AT: via_macro.cl:7:10
#define LOW_BITS(ptr) ((int)((size_t)(ptr) & 3))
__kernel void k(__global int *o) {
  __local int l[4];
  __local int *p = l + o[0];
  o[1] = LOW_BITS(p);
}
