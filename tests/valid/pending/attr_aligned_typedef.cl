// PENDING (oclc bug): `aligned` on a typedef of a scalar is ignored, so
// __alignof__(aligned_int) is 4 in oclc but 8 in clang (CType has no alignment
// override for non-struct types).
typedef int aligned_int __attribute__((aligned(8)));
typedef char check_aligned_typedef[__alignof__(aligned_int) == 8 ? 1 : -1];

__kernel void k(__global int *out) { aligned_int x = 1; out[0] = x; }
