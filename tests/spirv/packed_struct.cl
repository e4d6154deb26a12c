// CHECK: OpDecorate %rec CPacked
// CHECK: OpLoad %uint %26 Aligned 1
// CHECK: OpStore %26 %41 Aligned 1
// A packed struct in __global memory: the struct type is decorated CPacked, and the loads
// and stores of its members carry the alignment they really have (1: the uint at byte 1,
// the ushort at byte 5 of 7-byte elements), as clang-14 + llvm-spirv-14 emit them, while
// the plain uint buffer keeps Aligned 4.
typedef struct __attribute__((packed)) rec {
    uchar tag;
    uint value;
    ushort hw;
} rec_t;

__kernel void packed(__global rec_t *r, __global uint *out) {
    int i = get_global_id(0);
    out[i] = r[i].value + r[i].hw + r[i].tag;
    r[i].value = out[i] * 2u;
}
