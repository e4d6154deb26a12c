// RUN: --kernel pack_private --global 64 --local 16 --arg u32[64]=rand:933 --arg u32[1024]=zeros
// Structs laid out under `#pragma pack(2)` / `pack(4)` (clang-14's rule: member alignments
// capped at N) in private and __local memory, where Vulkan holds them too: members below
// their natural alignment, arrays of such structs, one nested in a plain struct, whole-struct
// copies. tests/run/pragma_pack.cl: __global, and member offsets as address differences.
#pragma pack(2)
typedef struct {
    uchar c;
    uint u;
    ushort s;
    ulong l;
} p2_t; // c 0, u 2, s 6, l 8; 16 bytes, alignment 2

union p2_u {
    uchar c[3];
    uint u;
}; // 4 bytes, alignment 2
#pragma pack(4)
typedef struct {
    ulong l;
    uint i;
} p4_t; // 12 bytes, alignment 4

typedef struct {
    uchar c;
    ulong l __attribute__((aligned(16)));
    short s;
} p4a_t; // c 0, l 4 (aligned(16) capped at 4), s 12; 16 bytes, alignment 4
#pragma pack()

typedef struct {
    char a;
    p2_t in[2];
    p4_t q;
} wrap_t; // a 0, in 2, q 36; 48 bytes, alignment 4

#define CHECK(name, cond) typedef char name[(cond) ? 1 : -1]
CHECK(p2_size, sizeof(p2_t) == 16 && __alignof__(p2_t) == 2);
CHECK(p2u_size, sizeof(union p2_u) == 4 && __alignof__(union p2_u) == 2);
CHECK(p4_size, sizeof(p4_t) == 12 && __alignof__(p4_t) == 4);
CHECK(p4a_size, sizeof(p4a_t) == 16 && __alignof__(p4a_t) == 4);
CHECK(wrap_size, sizeof(wrap_t) == 48 && __alignof__(wrap_t) == 4);

__kernel void pack_private(__global const uint *in, __global uint *res) {
    int i = get_global_id(0), l = get_local_id(0);
    __local p4_t shared[16];
    __local p2_t shared2[16];
    uint x = in[i];
    p2_t a[3];
    for (int k = 0; k < 3; k++) {
        a[k].c = (uchar)(x + k);
        a[k].u = x * (k + 3);
        a[k].s = (ushort)(x >> k);
        a[k].l = ((ulong)x << 32) | (x ^ k);
    }
    p4a_t b = {(uchar)x, (ulong)x * 977, (short)(x >> 3)};
    wrap_t w;
    w.a = (char)x;
    w.in[0] = a[1];
    w.in[1] = a[2];
    w.q.l = b.l + 1;
    w.q.i = x ^ 0x55;
    shared[l] = w.q;
    shared2[l] = a[l % 3];
    barrier(CLK_LOCAL_MEM_FENCE);
    p4_t n = shared[(l + 1) % 16];
    p2_t n2 = shared2[(l + 5) % 16];
    union p2_u u;
    u.u = x;
    __global uint *r = res + 16 * i;
    r[0] = a[0].c + a[1].u + a[2].s;
    r[1] = (uint)(a[2].l >> 5) ^ (uint)a[0].l;
    r[2] = b.c + (uint)b.l + b.s;
    r[3] = w.a + w.in[1].u + (uint)w.in[0].l + w.q.i + (uint)(w.q.l >> 1);
    r[4] = (uint)n.l + n.i;
    r[5] = n2.c + n2.u + n2.s + (uint)(n2.l >> 3);
    r[6] = u.c[0] + u.c[2];
    r[7] = (uint)(sizeof(p2_t) + sizeof(p4a_t) * 100 + sizeof(wrap_t) * 10000);
}
