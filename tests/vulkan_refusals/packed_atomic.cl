// MESSAGE: an atomic operation on i32 at an address that may sit at a multiple of 1 bytes only
// AT: packed_atomic.cl:10:3
// An atomic on a member of a packed struct in a buffer: the member may sit at any byte,
// and no piece-wise form of an atomic exists.
typedef struct __attribute__((packed)) {
  char c;
  int n;
} P;
__kernel void k(__global P *p) {
  atomic_add(&p[get_global_id(0)].n, 1);
}
