// MESSAGE: the variable `ps` holds private pointers in an array or struct
// AT: private_pointer_array.cl:6:3
__kernel void k(__global int *o) {
  int a[2] = {1, 2};
  int *ps[2];
  ps[0] = a;
  ps[1] = a + 1;
  o[0] = *ps[o[1] & 1];
}
