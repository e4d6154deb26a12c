// RUN: --kernel aligned_layouts --global 32 --local 8 --arg u8[4096]=rand:921 --arg u32[512]=zeros
// `aligned(N)` that changes a struct's layout, on structs in __global memory (host bytes
// laid out as clang lays them out): a typedef raising a member's alignment, one lowering
// it, an aligned struct typedef as a member, an aligned member, and an aligned struct.
typedef int aligned_int __attribute__((aligned(8)));
typedef int low_aligned_int __attribute__((aligned(2)));
typedef struct { float v; } aligned_box __attribute__((aligned(16)));

struct with_aligned { char c; aligned_int x; };          // x at 8, size 16
struct with_low { char c; low_aligned_int x; };          // x at 2, size 6
struct with_box { char c; aligned_box b; };              // b at 16, size 32
struct with_member { char c; short s __attribute__((aligned(8))); int t; }; // s at 8, t at 12
struct __attribute__((aligned(32))) big { int a; char b; }; // size 32

struct all {
    struct with_aligned a;
    struct with_low l;
    struct with_box b;
    struct with_member m;
    struct big g;
}; // 0, 16, 32, 64, 96: size 128

typedef char check_all[sizeof(struct all) == 128 ? 1 : -1];

__kernel void aligned_layouts(__global struct all *in, __global uint *res) {
    int i = get_global_id(0);
    __global struct all *p = &in[i];
    res[16 * i + 0] = (uint)p->a.x;
    res[16 * i + 1] = (uint)p->l.x;
    res[16 * i + 2] = as_uint(p->b.b.v) & 0x7f7fffffu;
    res[16 * i + 3] = (uint)p->m.s + (uint)p->m.t;
    res[16 * i + 4] = (uint)p->g.a + (uint)p->g.b;
    res[16 * i + 5] = (uint)p->a.c + (uint)p->l.c + (uint)p->b.c + (uint)p->m.c;
    res[16 * i + 6] = (uint)sizeof(struct all);
    res[16 * i + 7] = (uint)((__global char *)&p->m.t - (__global char *)p);
    struct all copy = *p;
    copy.l.x += 1;
    copy.m.s = 7;
    p->a.x = copy.l.x;
    p->m = copy.m;
    p->g.b = (char)i;
    res[16 * i + 8] = (uint)copy.b.c;
}
