// MESSAGE: is stored in memory other than a variable of the function
// AT: packed_pointer_array.cl:11:11
// The address of a packed member kept in an array of pointers indexed at run time: read
// back, it would be taken as aligned to 4 where it sits at byte 1 of its struct.
typedef struct __attribute__((packed)) {
  char c;
  uint u[2];
} P;
__kernel void k(__global P *in, __global uint *o, int i) {
  __global uint *ps[2];
  ps[0] = in[0].u;
  ps[1] = in[1].u;
  o[0] = ps[i & 1][1];
}
