// RUN: --kernel offsetof --global 4 --local 4 --arg u64[64]=zeros
// __builtin_offsetof on the device: constant offsets of packed, nested, anonymous and
// vector-holding structs (program-scope table, array size, case labels) and a
// non-constant index (`in[i].f`, an ordinary size_t expression), as PoCL's clang computes
// them.
#pragma pack(push, 1)
struct packed1 { char c; int i; short s[3]; double d; };
#pragma pack(pop)
struct inner { char c[3]; float f; };
struct outer {
    int a;
    struct inner in[4];
    union { char u8; long l; };
    struct { short x, y; };
    char tail;
};
typedef struct { uchar b; float4 v; int arr[2][3]; } vec_holder;

constant ulong table[] = {
    __builtin_offsetof(struct packed1, i), __builtin_offsetof(struct packed1, s[2]),
    __builtin_offsetof(struct packed1, d), __builtin_offsetof(struct outer, in[2].f),
    __builtin_offsetof(struct outer, in[3].c[1]), __builtin_offsetof(struct outer, l),
    __builtin_offsetof(struct outer, y), __builtin_offsetof(struct outer, tail),
    __builtin_offsetof(vec_holder, v), __builtin_offsetof(vec_holder, arr[1][2]),
    sizeof(struct packed1), sizeof(struct outer), sizeof(vec_holder),
};
constant char sized[__builtin_offsetof(struct outer, in[1].f)] = { 0 };

kernel void offsetof(global ulong *p) {
    int i = get_global_id(0);
    global ulong *q = p + 16 * i;
    for (int j = 0; j < 13; j++)
        q[j] = table[j];
    q[13] = sizeof(sized);
    q[14] = __builtin_offsetof(struct outer, in[i].f) + __builtin_offsetof(vec_holder, arr[i & 1][i]);
    switch (i) {
    case __builtin_offsetof(struct packed1, i):
        q[15] = 100;
        break;
    case __builtin_offsetof(struct inner, c[2]):
        q[15] = 200;
        break;
    default:
        q[15] = 300;
    }
}
