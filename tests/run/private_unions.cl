// RUN: --kernel punning --global 64 --local 16 --arg f32[64]=randu:7:-1000:1000 --arg u32[768]=zeros
// RUN: --kernel aggregates --global 64 --local 16 --arg i32[64]=randu:9:-100000:100000 --arg i32[1024]=zeros
// RUN: --kernel copies --global 64 --local 16 --arg i32[64]=randu:13:-100000:100000 --arg i32[512]=zeros
// Unions and pointer casts in private memory, written through one view and read through
// another (on Vulkan, whose Function storage cannot be reinterpreted, these become word
// loads and stores with shifts): float/int punning, bytes and halves of words with
// constant and computed indices, vector members, 16-byte-aligned unions (float4 members),
// byte-aligned unions, 8-byte members, struct members, arrays of unions, unions inside
// structs, union copies and `*(T *)&x` on plain variables and arrays.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

typedef union {
    float f;
    uint u;
    uchar b[4];
    ushort h[2];
    char2 c2[2];
} word;

typedef union {
    float4 v;
    float f[4];
    uint u[4];
    uchar b[16];
    int2 p[2];
} quad;

typedef union {
    uchar b[3];
    char c[3];
} bytes3;

typedef union {
    double d;
    ulong l;
    uint w[2];
    float f[2];
} dword;

__kernel void punning(__global const float *a, __global uint *out)
{
    int i = get_global_id(0);
    __global uint *o = out + i * 12;
    word w;
    w.f = a[i];
    o[0] = w.u;
    int k = i & 3;
    o[1] = w.b[k] | (uint)w.b[3 - k] << 8 | (uint)w.h[(i >> 2) & 1] << 16;
    w.b[k] = (uchar)(i * 7);
    w.h[1] ^= (ushort)(i * 131);
    o[2] = w.u;
    w.c2[1] = (char2)((char)-i, (char)(i + 5));
    o[3] = as_uint(w.f);

    quad q;
    q.v = (float4)(a[i], -a[i], 0.5f * a[i], (float)i);
    q.b[k * 4 + 1] = (uchar)i;
    q.f[3 - k] += 1.0f;
    q.u[(k + 2) & 3] ^= 0x80000000u;
    o[4] = q.u[0] + q.u[1] * 3u + q.u[2] * 5u + q.u[3] * 7u;
    int2 pr = q.p[i & 1];
    o[5] = (uint)pr.x ^ (uint)pr.y;
    float4 v = q.v;
    o[6] = as_uint(v.x) + as_uint(v.y) * 3u + (as_uint(v.z) ^ as_uint(v.w));

    bytes3 t;
    t.b[0] = (uchar)i;
    t.b[1] = 200;
    t.c[2] = (char)-3;
    o[7] = (uint)t.c[1] + (uint)t.b[2] * 1000u + t.b[k % 3];

    dword d;
    d.d = (double)a[i] * 1e10;
    o[8] = d.w[0] ^ d.w[1];
    d.f[1] = a[i];
    o[9] = (uint)(d.l >> 20);

    float x = a[i];
    *(uint *)&x ^= 0x80000000u;
    o[10] = as_uint(x) + *(ushort *)&x;
    float arr[3] = {a[i], 2.0f, 3.0f};
    ((uint *)arr)[k % 3] += 1u;
    o[11] = ((uint *)arr)[0] ^ ((uint *)arr)[1] ^ ((uint *)arr)[2];
}

typedef struct {
    short s;
    char c;
    int i;
} small;

typedef union {
    small st;
    int words[2];
    uchar b[8];
} sunion;

typedef struct {
    int tag;
    union { float f; int i; uchar c[4]; } v;
    short after;
} tagged;

__kernel void aggregates(__global const int *a, __global int *out)
{
    int i = get_global_id(0);
    __global int *o = out + i * 16;
    sunion s;
    s.words[0] = a[i];
    s.words[1] = ~a[i];
    o[0] = s.st.s + s.st.c * 3 + s.st.i;
    s.st.c = (char)i;
    s.st.i = i * 1000;
    o[1] = s.words[0];
    o[2] = s.words[1] + s.b[i & 7];

    word ws[4];
    for (int j = 0; j < 4; j++)
        ws[j].u = (uint)(a[i] + j * 77);
    ws[i & 3].b[(i >> 2) & 3] = 0xee;
    ws[(i + 1) & 3].f = 1.5f;
    for (int j = 0; j < 4; j++)
        o[3 + j] = (int)ws[j].u;

    tagged t;
    t.tag = i;
    t.v.f = (float)a[i] * 0.25f;
    t.after = (short)-i;
    o[7] = t.v.i;
    t.v.c[(i & 1) + 2] = 0x41;
    o[8] = t.v.i + t.tag + t.after;

    word copy = ws[2];
    copy.h[0] = 7;
    word again = copy;
    o[9] = (int)again.u + (int)ws[2].u;

    union { uint u; ushort h[2]; } w = { 0x12345678u + i };
    union { char c[4]; int n; } z = { .n = i };
    o[10] = w.h[1] * 3 + w.h[0];
    o[11] = z.c[0] + z.c[1];
    union { int4 v; int s[4]; } zero = { 0 };
    zero.s[i & 3] = i;
    o[12] = zero.v.x + zero.v.y * 2 + zero.v.z * 3 + zero.v.w * 4;
    o[13] = 0;
    o[14] = 0;
    o[15] = 0;
}

typedef struct {
    short a;
    char c;
    float f;
    uchar2 v;
} rec;

typedef union {
    rec r;
    int w[4];
    short s[8];
    float4 q;
} recunion;

// Structs and arrays copied as a whole out of and into union members, and from one
// union's member to another's.
__kernel void copies(__global const int *a, __global int *out)
{
    int i = get_global_id(0);
    __global int *o = out + i * 8;
    recunion u;
    for (int k = 0; k < 4; k++)
        u.w[k] = a[i] * (k + 3) + k;
    rec r = u.r;
    o[0] = r.a + r.c * 7 + r.v.x * 11 + r.v.y * 13;
    o[1] = as_int(r.f);
    r.a = (short)-i;
    r.v = (uchar2)(i, 255 - i);
    u.r = r;
    // (Padding bytes, 3 and 10-11 of rec, are left out: struct copies need not keep them;
    // nor are bytes 12-15 of t read after t.r is stored: C leaves the bytes of other members
    // unspecified then, and NVIDIA's OpenCL does not keep them.)
    o[2] = u.s[0] ^ u.w[1] ^ u.s[4];
    recunion t;
    t.q = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    t.r = u.r;
    o[3] = t.s[0] + t.w[1] + t.s[4];
    union { short s[8]; int2 p[2]; } z;
    z.p[0] = (int2)(a[i], ~a[i]);
    z.p[1] = (int2)(i, -i);
    short copy[8];
    for (int k = 0; k < 8; k++)
        copy[k] = z.s[7 - k];
    o[4] = copy[0] * 3 + copy[3] * 5 + copy[6];
    o[5] = 0;
    o[6] = 0;
    o[7] = 0;
}
