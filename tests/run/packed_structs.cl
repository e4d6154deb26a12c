// RUN: --kernel packed_global --global 64 --local 16 --arg u8[1024]=rand:901 --arg u8[1024]=zeros --arg i32[1024]=zeros
// RUN: --kernel packed_nested --global 32 --local 8 --arg u8[2048]=rand:902 --arg u32[256]=zeros
// `__attribute__((packed))` structs in __global memory, read and written by the kernel
// (host bytes laid out as clang lays them out), arrays of them, nested packed structs, the
// `} __attribute__((packed))` spelling, `#pragma pack` around explicitly packed structs (as
// hashcat's pkzip kernels write), sizeof and member offsets (as address differences), and a member address cast to `uchar *`.
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

typedef struct __attribute__((packed)) {
    u8 tag;
    u32 value;
    u16 hw;
    u8 tail[3];
} rec_t; // 10 bytes

#pragma pack(push, 1)
struct inner {
    u8 kind;
    u32 len;
    ulong big;
    u16 check;
} __attribute__((packed)); // 15 bytes

struct outer {
    u8 count;
    u8 size;
    u8 version;
    struct inner hash;
    u32 data[4];
} __attribute__((packed)); // 34 bytes
#pragma pack(pop)

typedef char check_rec_size[sizeof(rec_t) == 10 ? 1 : -1];
typedef char check_rec_align[__alignof__(rec_t) == 1 ? 1 : -1];
typedef char check_outer_size[sizeof(struct outer) == 34 ? 1 : -1];

__kernel void packed_global(__global const rec_t *in, __global rec_t *out, __global int *res) {
    int i = get_global_id(0);
    rec_t r = in[i];              // a whole packed struct copied into private memory
    __global const rec_t *p = &in[i];
    res[16 * i + 0] = p->tag;
    res[16 * i + 1] = (int)p->value;
    res[16 * i + 2] = p->hw;
    res[16 * i + 3] = p->tail[0] + p->tail[1] * 3 + p->tail[2] * 7;
    res[16 * i + 4] = (int)(r.value ^ r.hw);
    res[16 * i + 5] = (int)sizeof(rec_t);
    res[16 * i + 6] = (int)((__global const u8 *)&p->hw - (__global const u8 *)p);
    res[16 * i + 7] = (int)((__global const u8 *)p->tail - (__global const u8 *)p);
    __global const u8 *bytes = (__global const u8 *)&in[i].value;
    res[16 * i + 8] = bytes[0] | (bytes[3] << 8);
    // Writes: members one by one, then a whole struct.
    out[i].tag = r.tag + 1;
    out[i].value = r.value * 3u + 1u;
    out[i].hw = (u16)(r.hw ^ 0x5a5au);
    for (int k = 0; k < 3; k++) {
        out[i].tail[k] = r.tail[2 - k];
    }
    if (i % 4 == 0) {
        rec_t w = r;
        w.value = 0xdeadbeefu;
        out[i] = w;
    }
}

__kernel void packed_nested(__global const struct outer *in, __global u32 *res) {
    int i = get_global_id(0);
    __global const struct outer *o = &in[i];
    res[8 * i + 0] = o->count | (o->size << 8) | (o->version << 16);
    res[8 * i + 1] = o->hash.kind;
    res[8 * i + 2] = o->hash.len;
    res[8 * i + 3] = (u32)(o->hash.big >> 13);
    res[8 * i + 4] = o->hash.check;
    u32 s = 0;
    for (int k = 0; k < 4; k++) {
        s = s * 31u + o->data[k];
    }
    res[8 * i + 5] = s;
    __global const u8 *d = (__global const u8 *)o->data + 5;
    res[8 * i + 6] = (u32)sizeof(struct outer) + ((u32)d[0] << 8) + ((u32)d[2] << 16);
    res[8 * i + 7] = (u32)((__global const u8 *)&o->hash.check - (__global const u8 *)o);
}
