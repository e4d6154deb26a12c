// RUN: --kernel packed_private --global 64 --local 16 --arg u32[64]=rand:911 --arg u32[1024]=zeros
// `__attribute__((packed))` structs in private and __local memory: members below their
// natural alignment, arrays of packed structs, a packed struct inside a plain one, a
// plain struct inside a packed one, and whole-struct copies.
typedef struct __attribute__((packed)) {
    uchar c;
    uint u;
    ushort s;
    float f;
} p_t; // 11 bytes

struct plain_in_packed {
    char c;
    short s;
}; // 4 bytes, alignment 2

typedef struct {
    char a;
    p_t p;
    int b;
} wrap_t; // 1 + 11 + pad to 12, 4: 16 bytes

typedef struct __attribute__((packed)) {
    char a;
    struct plain_in_packed in;
    char z;
} pp_t; // 6 bytes

typedef char check_p[sizeof(p_t) == 11 ? 1 : -1];
typedef char check_wrap[sizeof(wrap_t) == 16 ? 1 : -1];
typedef char check_pp[sizeof(pp_t) == 6 ? 1 : -1];

__kernel void packed_private(__global const uint *in, __global uint *res) {
    __local p_t shared[16];
    int i = get_global_id(0);
    int l = get_local_id(0);
    uint x = in[i];
    p_t arr[4];
    for (int k = 0; k < 4; k++) {
        arr[k].c = (uchar)(x >> (8 * k));
        arr[k].u = x * (k + 1);
        arr[k].s = (ushort)(x ^ k);
        arr[k].f = (float)(x & 0xffff) * 0.5f + k;
    }
    wrap_t w = {1, arr[(x >> 3) & 3], -7};
    pp_t q;
    q.a = 3;
    q.in.c = (char)x;
    q.in.s = (short)(x >> 16);
    q.z = 9;
    shared[l] = arr[x & 3];
    barrier(CLK_LOCAL_MEM_FENCE);
    p_t n = shared[(l + 1) % 16];
    res[16 * i + 0] = arr[0].c + arr[1].c + arr[2].c + arr[3].c;
    res[16 * i + 1] = arr[1].u ^ arr[3].u;
    res[16 * i + 2] = arr[2].s;
    res[16 * i + 3] = (uint)(arr[3].f * 4.0f);
    res[16 * i + 4] = w.p.u + (uint)w.a + (uint)w.b;
    res[16 * i + 5] = (uint)(int)q.in.s + (uint)q.in.c + q.z + q.a;
    res[16 * i + 6] = n.u + n.c + n.s;
    res[16 * i + 7] = (uint)sizeof(p_t) + ((uint)sizeof(wrap_t) << 8) + ((uint)sizeof(pp_t) << 16);
}
