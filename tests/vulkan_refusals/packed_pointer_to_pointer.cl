// MESSAGE: is kept in the variable `d`, whose address is taken
// AT: packed_pointer_to_pointer.cl:12:34
// A variable holding the address of a packed member, read back through a pointer to it
// chosen at run time.
typedef struct __attribute__((packed)) {
  char c;
  uint u[2];
} P;
__kernel void k(__global P *in, __global uint *o, int i) {
  __global uint *d = in[0].u;
  __global uint *e = o;
  __global uint **pp = (i & 1) ? &d : &e;
  o[1] = (*pp)[1];
}
