// RUN: --kernel pack_global --global 64 --local 16 --arg u8[1024]=rand:931 --arg u8[1024]=rand:932 --arg u8[1024]=zeros --arg u32[1024]=zeros
// Structs laid out under `#pragma pack(N)` for N of 2 and 4 (clang-14's rule: every
// member's alignment, its own `aligned` attribute included, capped at N; the struct's
// `aligned` attribute is not capped), `pack(push, N)` / `pack(pop)` / `pack(push, LABEL,
// N)` / `pack(pop, LABEL)`, a macro as the value, in __global memory read and written by
// the kernel (host bytes laid out as clang lays them out: offsets and sizes checked
// against clang-14's -fdump-record-layouts below), arrays of them and one nested in a
// plain struct. tests/run/pragma_pack_private.cl: private and __local memory.
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

#define PACK4 4
#pragma pack(push, 2)
typedef struct {
    u8 c;
    u32 u;
    u16 s;
    ulong l;
} p2_t; // c 0, u 2, s 6, l 8; 16 bytes, alignment 2

#pragma pack(push, label, PACK4)
typedef struct {
    double d;
    int i;
} p4_t; // d 0, i 8; 12 bytes, alignment 4

typedef struct {
    u8 c;
    double d;
    u32 u __attribute__((aligned(8)));
} p4a_t; // c 0, d 4, u 12 (aligned(8) capped at 4); 16 bytes, alignment 4
#pragma pack(push, 1)
#pragma pack(pop, label)

typedef struct {
    u8 c;
    p2_t in;
    u32 tail;
} outer_t; // pack(2) again: c 0, in 2, tail 18; 22 bytes, alignment 2
#pragma pack(pop)

typedef struct {
    u8 c;
    p4_t in;
    u8 z;
} plain_t; // the default packing: c 0, in 4, z 16; 20 bytes, alignment 4

#define CHECK(name, cond) typedef char name[(cond) ? 1 : -1]
CHECK(p2_size, sizeof(p2_t) == 16 && __alignof__(p2_t) == 2);
CHECK(p4_size, sizeof(p4_t) == 12 && __alignof__(p4_t) == 4);
CHECK(p4a_size, sizeof(p4a_t) == 16 && __alignof__(p4a_t) == 4);
CHECK(outer_size, sizeof(outer_t) == 22 && __alignof__(outer_t) == 2);
CHECK(plain_size, sizeof(plain_t) == 20 && __alignof__(plain_t) == 4);

__kernel void pack_global(__global const u8 *a, __global const u8 *b, __global u8 *out,
                          __global u32 *res) {
    int i = get_global_id(0);
    __global const p2_t *p2 = (__global const p2_t *)a + i;       // bytes 0..1023
    __global const p4_t *p4 = (__global const p4_t *)b + i % 16;  // bytes 0..191
    __global const p4a_t *pa = (__global const p4a_t *)(b + 192) + i % 16;
    __global const outer_t *po = (__global const outer_t *)(b + 448) + i % 16;
    __global const plain_t *pp = (__global const plain_t *)(b + 800) + i % 8;
    __global u32 *r = res + 16 * i;
    r[0] = p2->c;
    r[1] = p2->u;
    r[2] = p2->s;
    r[3] = (u32)(p2->l >> 7);
    r[4] = (u32)(as_ulong(p4->d) >> 3) ^ (u32)p4->i;
    r[5] = (u32)(as_ulong(pa->d) >> 5) + pa->u + pa->c;
    r[6] = po->c + po->in.u + po->in.s + po->tail;
    r[7] = pp->c + (u32)pp->in.i + pp->z + (u32)as_ulong(pp->in.d);
    p2_t copy = *p2;                        // a whole struct copied into private memory
    copy.u += copy.s;
    __global u8 *o = (__global u8 *)p2 - a + out;
    *(__global p2_t *)o = copy;             // and stored back (bytes 0..1023 of out)
    __global const u8 *m = (__global const u8 *)&po->in.l;
    r[8] = m[0] + m[7];
    r[9] = (u32)((__global const u8 *)&pa->u - (__global const u8 *)pa);
    r[10] = (u32)((__global const u8 *)&po->tail - (__global const u8 *)po);
    r[11] = (u32)(sizeof(p2_t) + sizeof(p4_t) * 100 + sizeof(outer_t) * 10000);
}
