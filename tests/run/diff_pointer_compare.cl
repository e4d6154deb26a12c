// RUN: --kernel pointer_compare --global 64 --local 16 --arg u8[1024]=rand:417 --arg i32[64]=zeros
// Relational and equality operators on __global pointers (same array, so all defined).
__kernel void pointer_compare(__global const uchar *bytes, __global int *out)
{
    int i = get_global_id(0);
    __global const uchar *p = bytes + 512 + i * 4;
    __global const uchar *q = p - 256 - (i & 7) * 64;
    __global const uint *w = (__global const uint *)(bytes + i * 4);
    out[i] = (p > q) + (q >= bytes) * 2 + (p == bytes + 512 + i * 4) * 4 + (&w[1] != w) * 8
           + (q < bytes + 300) * 16 + (p <= q) * 32;
}
