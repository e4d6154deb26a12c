// MESSAGE: the address of the private pointer variable `p` is taken
// AT: private_pointer_address_taken.cl:6:14
__kernel void k(__global int *o) {
  int a[2] = {1, 2};
  int *p = a;
  int **pp = &p;
  o[0] = **pp;
}
