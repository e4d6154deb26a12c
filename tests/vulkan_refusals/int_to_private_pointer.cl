// MESSAGE: converting the integer `o[...]` to a private pointer
// AT: int_to_private_pointer.cl:5:12
__kernel void k(__global int *o) {
  int x = o[2];
  int *p = (int *)(size_t)o[0];
  o[1] = *p + x;
}
