// RUN: --kernel pk --global 16 --local 4 --arg u8[2048]=rand:941 --arg u8[2048]=zeros --arg u32[512]=zeros
// Packed structs in __global memory the way hashcat's pkzip kernels use them: a packed
// struct nested in another under `#pragma pack(1)`, `esalt_bufs[gid].hash.data[j]` in a
// loop, members of every size (u8, u16, u32, ulong, float, float2, uint4) at odd
// offsets, a nested struct copied whole into private memory, changed and stored back
// into another buffer, a byte pointer over a member array, a store through a pointer to
// a member, vector members read, swizzled and written, and a member array passed to a
// helper that reads it as `const u32 *` (inlined on Vulkan, where it is under-aligned).
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long u64;

#pragma pack(push, 1)
struct pkzip_hash {
    u8 data_type_enum;
    u8 magic_type_enum;
    u32 compressed_length;
    u32 uncompressed_length;
    u32 crc32;
    u32 offset;
    u32 additional_offset;
    u8 compression_type;
    u32 data_length;
    u16 checksum_from_crc;
    u16 checksum_from_timestamp;
    u32 data[8];
} __attribute__((packed)); // 63 bytes
typedef struct pkzip_hash pkzip_hash_t;

struct pkzip {
    u8 hash_count;
    u8 checksum_size;
    u8 version;
    pkzip_hash_t hash;
    float f;
    u64 big;
    float2 v2;
    uint4 q;
} __attribute__((packed)); // 102 bytes
typedef struct pkzip pkzip_t;
#pragma pack(pop)

typedef char check_hash_size[sizeof(pkzip_hash_t) == 63 ? 1 : -1];
typedef char check_size[sizeof(pkzip_t) == 102 ? 1 : -1];

u32 sum_words(__global const u32 *w, int n) {
    u32 s = 0;
    for (int k = 0; k < n; k++) {
        s += w[k] * (u32)(k + 1);
    }
    return s;
}

__kernel void pk(__global const pkzip_t *esalt_bufs, __global pkzip_t *out, __global u32 *res) {
    const u64 gid = get_global_id(0);
    __global const pkzip_t *e = &esalt_bufs[gid];
    __global u32 *r = res + 32 * gid;
    u32 s = 0;
    for (u32 j = 0; j < 8; j++) {
        s = s * 33u + esalt_bufs[gid].hash.data[j];
    }
    r[0] = s;
    r[1] = e->hash.crc32;
    r[2] = e->hash.checksum_from_crc | ((u32)e->hash.checksum_from_timestamp << 16);
    r[3] = e->hash.compressed_length ^ e->hash.data_length;
    r[4] = e->hash_count + e->checksum_size * 3u + e->version * 7u + e->hash.compression_type;
    r[5] = as_uint(e->f);
    r[6] = (u32)(e->big >> 29);
    r[7] = (u32)e->big;
    r[8] = as_uint(e->v2.y);
    r[9] = e->q.z ^ e->q.w;
    __global const u8 *b = (__global const u8 *)e->hash.data;
    r[10] = b[1] | (b[6] << 8) | ((u32)b[31] << 16);
    r[11] = sum_words(e->hash.data, 8);
    pkzip_hash_t h = e->hash;
    h.crc32 ^= 0x12345678u;
    h.data[3] += 7u;
    out[gid].hash = h;
    out[gid].hash_count = (u8)(e->hash_count + 1);
    __global u32 *pc = &out[gid].hash.offset;
    *pc = s;
    out[gid].big = e->big + 1;
    out[gid].v2 = e->v2.yx;
    out[gid].q = e->q.wzyx + (uint4)(1, 2, 3, 4);
    out[gid].f = e->f;
}
