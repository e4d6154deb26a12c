// RUN: --kernel pk --global 32 --local 8 --arg u8[512]=rand:77 --arg u32[128]=zeros
// Addresses of packed members (at odd bytes of their struct, in a __global buffer) made by
// helpers: returned from one (`return &p->u[1]`), and set through a pointer-to-pointer
// parameter. On Vulkan, where an access may not claim more alignment than its address
// has, such helpers are inlined so that the accesses through the result are split into
// aligned pieces; a pointer kept where that cannot be followed is refused
// (tests/vulkan_refusals/packed_pointer_*.cl).
typedef struct __attribute__((packed)) {
  uchar c;
  uint u[3];
  ushort s;
} P;

__global uint *second(__global P *p) { return &p->u[1]; }

void point_at(__global uint **to, __global P *p, int k) { *to = p->u + k; }

__kernel void pk(__global P *in, __global uint *out)
{
  int i = get_global_id(0);
  __global P *p = in + i;
  __global uint *s = second(p);
  out[i * 4] = s[0] ^ s[1];
  s[-1] += (uint)p->s;
  __global uint *d;
  point_at(&d, p, i % 3);
  out[i * 4 + 1] = *d;
  out[i * 4 + 2] = p->u[0];
  out[i * 4 + 3] = (uint)p->c;
}
