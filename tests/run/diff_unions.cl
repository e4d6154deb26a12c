// RUN: --kernel unions --global 64 --local 16 --arg f32[64]=randu:415:-1000:1000 --arg u32[256]=zeros
// RUN: --kernel unions_global --global 64 --local 16 --arg i32[192]=zeros --arg i32[256]=zeros
// Unions reinterpreting a float as uint, bytes and a short2, written through one member
// and read through another.
typedef union {
    float f;
    uint u;
    uchar b[4];
    short2 s;
} bits;

__kernel void unions(__global const float *a, __global uint *out)
{
    int i = get_global_id(0);
    bits x;
    x.f = a[i];
    __global uint *o = out + i * 4;
    o[0] = x.u;
    o[1] = x.b[0] | (uint)x.b[3] << 8 | (uint)(ushort)x.s.y << 16;
    x.b[3] ^= 0x80;
    o[2] = as_uint(x.f);
    x.s.x = (short)i;
    o[3] = x.u;
}

// A union in __global memory (reinterpreted through the buffer's byte addresses, which works
// on every target), a union inside a struct, and union initializers.
typedef struct {
    int tag;
    union { float f; int i; char c[4]; } v;
    short after;
} tagged;

__kernel void unions_global(__global tagged *t, __global int *out)
{
    int i = get_global_id(0);
    t[i].tag = i;
    t[i].v.f = (float)i * 1.5f;
    t[i].after = (short)-i;
    out[i * 4] = t[i].v.i;
    out[i * 4 + 1] = t[i].v.c[3];
    union { uint u; ushort h[2]; } w = { 0x12345678u + i };
    union { char c[4]; int n; } z = { .n = i };
    out[i * 4 + 2] = w.h[1] * 3 + w.h[0];
    out[i * 4 + 3] = z.c[0] + sizeof(tagged) + __alignof__(tagged) * 100;
}
