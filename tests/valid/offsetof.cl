// `__builtin_offsetof(type, designator)` as clang computes it, an integer constant
// expression of type size_t: in array sizes, case labels and program-scope initialisers;
// designators with `.member` and `[index]` parts, members of anonymous structs and unions,
// and `#pragma pack` / `packed` / `aligned` layouts.
#pragma pack(push, 1)
struct packed1 { char c; int i; short s[3]; double d; };
#pragma pack(pop)
#pragma pack(push, 2)
struct packed2 { char c; int i; char t; long l; };
#pragma pack(pop)
struct attr_packed { char c; int i; } __attribute__((packed));
struct inner { char c[3]; float f; };
struct outer {
    int a;
    struct inner in[4];
    union { char u8; long l; };
    struct { short x, y; };
    char tail;
};
typedef struct { uchar b; float4 v; int arr[2][3]; } vec_holder;
struct with_aligned { char c; short s __attribute__((aligned(8))); int t; };
union either { char c; int i[3]; };

typedef char check_p1_i[__builtin_offsetof(struct packed1, i) == 1 ? 1 : -1];
typedef char check_p1_s2[__builtin_offsetof(struct packed1, s[2]) == 9 ? 1 : -1];
typedef char check_p1_d[__builtin_offsetof(struct packed1, d) == 11 ? 1 : -1];
typedef char check_p2_i[__builtin_offsetof(struct packed2, i) == 2 ? 1 : -1];
typedef char check_p2_l[__builtin_offsetof(struct packed2, l) == 8 ? 1 : -1];
typedef char check_attr_packed[__builtin_offsetof(struct attr_packed, i) == 1 ? 1 : -1];
typedef char check_nested[__builtin_offsetof(struct outer, in[2].f) == 24 ? 1 : -1];
typedef char check_nested_index[__builtin_offsetof(struct outer, in[3].c[1]) == 29 ? 1 : -1];
typedef char check_anon_union[__builtin_offsetof(struct outer, l) == 40 ? 1 : -1];
typedef char check_anon_struct[__builtin_offsetof(struct outer, y) == 50 ? 1 : -1];
typedef char check_tail[__builtin_offsetof(struct outer, tail) == 52 ? 1 : -1];
typedef char check_vector[__builtin_offsetof(vec_holder, v) == 16 ? 1 : -1];
typedef char check_2d[__builtin_offsetof(vec_holder, arr[1][2]) == 52 ? 1 : -1];
typedef char check_aligned[__builtin_offsetof(struct with_aligned, t) == 12 ? 1 : -1];
typedef char check_union[__builtin_offsetof(union either, i[2]) == 8 ? 1 : -1];
typedef char check_size_t[sizeof(__builtin_offsetof(struct outer, tail)) == sizeof(size_t) ? 1 : -1];
typedef char check_past_end[__builtin_offsetof(struct outer, in[4]) == 36 ? 1 : -1];

constant size_t offsets[] = {
    __builtin_offsetof(struct packed1, d),
    __builtin_offsetof(struct outer, in[1].f),
};

kernel void k(global ulong *out, int i) {
    char sized[__builtin_offsetof(struct outer, in[1].c[2])];
    out[0] = sizeof(sized) + offsets[0] + offsets[1];
    switch (i) {
    case __builtin_offsetof(struct packed1, i):
        out[1] = 1;
        break;
    case __builtin_offsetof(struct packed1, s):
        out[1] = 2;
        break;
    default:
        out[1] = __builtin_offsetof(struct outer, in[i].f);
    }
}
