// RUN: --kernel vls_float --global 16 --local 4 --arg f32[1024]=randu:291:-100:100 --arg f32[1024]=zeros
// RUN: --kernel vls_int --global 16 --local 4 --arg i32[1024]=rand:292 --arg i16[1024]=rand:293 --arg i32[1024]=zeros --arg i16[1024]=zeros
// RUN: --kernel vls_ptrs --global 16 --local 8 --arg u8[512]=rand:294 --arg u64[128]=rand:295 --arg u8[512]=zeros --arg u64[128]=zeros
// vloadn/vstoren for n = 2, 3, 4, 8, 16 on float, int, short, uchar and ulong at element
// offsets that are not multiples of n (vload3 reads 3 packed elements), through __global,
// __local, __private and __constant pointers (vload only for __constant).
__kernel void vls_float(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    float2 a = vload2(i, in + 1);
    float3 b = vload3(i, in + 40);
    float4 c = vload4(i + 1, in + 3);
    float8 d = vload8(i, in + 101);
    float16 e = vload16(i, in + 300);
    vstore2(a * 2.0f, i, out + 1);
    vstore3(b + 1.0f, i, out + 40);
    vstore4(c.wzyx, i, out + 100);
    vstore8(d - e.lo, i + 1, out + 163);
    vstore16(e.sfedcba9876543210, i, out + 400);
    vstore3((float3)(e.s0, c.x, a.y), 0, out + 700 + 3 * i);
}

__kernel void vls_int(__global const int *in, __global const short *hin,
                      __global int *out, __global short *hout)
{
    int i = get_global_id(0);
    int3 a = vload3(i + 2, in);
    int8 b = vload8(i, in + 77);
    short16 h = vload16(i, hin + 5);
    short3 h3 = vload3(i, hin + 600);
    vstore3(a ^ (int3)(i), i, out + 3);
    vstore8(b + a.xyzxyzxy, i, out + 201);
    vstore16(h - (short16)(h3.x), i, hout + 7);
    vstore2(h3.yz, i, hout + 401);
    vstore4(convert_short4(a.zyxx), i, hout + 501);
}

__constant uint ctab[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

__kernel void vls_ptrs(__global const uchar *in, __global const ulong *lin,
                       __global uchar *out, __global ulong *lout)
{
    __local uchar tile[8 * 32];
    int i = get_global_id(0);
    int l = get_local_id(0);
    uchar16 v = vload16(i, in + 3);
    vstore16(v, l, tile);
    vstore16(vload16(0, in + 300 + i), 1, tile + 128 + l * 16 - 16);
    barrier(CLK_LOCAL_MEM_FENCE);
    uchar16 w = vload16((l + 1) & 7, tile);
    uchar3 w3 = vload3(l, tile + 128);
    uchar priv[16];
    vstore16(w + (uchar16)(w3.x), 0, priv);
    uchar4 p4 = vload4(1, priv + 1);
    vstore16(w, i, out);
    vstore4(p4, i, out + 256);
    vstore3(w3, i, out + 320);
    uint4 c4 = vload4(i & 3, ctab);
    uint3 c3 = vload3(0, ctab + (i & 7));
    ulong2 l2 = vload2(i, lin + 1);
    ulong3 l3 = vload3(i, lin + 40);
    vstore2(l2 + (ulong2)(c4.x, c4.w), i, lout);
    vstore3(l3 ^ (ulong3)(c3.x, c3.y, c3.z), i, lout + 60);
}
