// RUN: --kernel integer_ops --global 512 --local 64 --arg i32[512]=randu:1:-1000000:1000000 --arg u32[512]=rand:2 --arg i64[512]=rand:3 --arg i32[512]=zeros --arg u32[512]=zeros --arg i64[512]=zeros
// Signed/unsigned division, remainder, shifts (counts masked to the width), comparisons
// and mixed int/uint/long arithmetic with the usual conversions.
__kernel void integer_ops(__global const int *a, __global const uint *b, __global const long *c,
                          __global int *out_i, __global uint *out_u, __global long *out_l)
{
    int i = get_global_id(0);
    int x = a[i];
    uint y = b[i];
    long z = c[i];
    int d = (i % 7) - 3;
    if (d == 0) d = 5;
    out_i[i] = x / d + x % d + (x >> (i & 31)) + (x << 3) + (x < 0 ? -1 : 1) * (i ^ 0x55);
    out_u[i] = y / (uint)(i + 1) + (y >> (i + 29)) + (y % 13u) + (uint)(x < y) + (y | 0xf0u);
    out_l[i] = z / (long)(d * 1000) + (z >> 40) + (long)x * (long)y - (long)(i * i) + (z & 0xffff);
}
