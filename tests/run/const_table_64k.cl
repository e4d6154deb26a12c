// RUN: --kernel lookup --global 4096 --local 64 --arg u32[4096]=zeros
// A __constant table of 65540 explicit elements (table[i] == i), more than the 65532
// constituents one OpConstantComposite takes: oclc's SPIR-V splits the initializer into
// chunks (issue 20). The reads cover the table, the chunk boundary at 65532 and its end.
#define R16(p) p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, \
               p##8, p##9, p##A, p##B, p##C, p##D, p##E, p##F
#define R256(p) R16(p##0), R16(p##1), R16(p##2), R16(p##3), R16(p##4), R16(p##5), \
                R16(p##6), R16(p##7), R16(p##8), R16(p##9), R16(p##A), R16(p##B), \
                R16(p##C), R16(p##D), R16(p##E), R16(p##F)
#define R4096(p) R256(p##0), R256(p##1), R256(p##2), R256(p##3), R256(p##4), \
                 R256(p##5), R256(p##6), R256(p##7), R256(p##8), R256(p##9), \
                 R256(p##A), R256(p##B), R256(p##C), R256(p##D), R256(p##E), R256(p##F)

__constant uint table[65540] = {
    R4096(0x0), R4096(0x1), R4096(0x2), R4096(0x3), R4096(0x4), R4096(0x5),
    R4096(0x6), R4096(0x7), R4096(0x8), R4096(0x9), R4096(0xA), R4096(0xB),
    R4096(0xC), R4096(0xD), R4096(0xE), R4096(0xF),
    0x10000, 0x10001, 0x10002, 0x10003
};

__kernel void lookup(__global uint *out) {
    uint i = get_global_id(0);
    out[i] = table[(i * 16 + 3) % 65540] + 3 * table[65539 - i];
}
