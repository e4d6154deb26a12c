// RUN: --kernel shifts --global 1024 --local 64 --arg u32[1024]=rand:71 --arg i32[1024]=rand:72 --arg u32[1024]=zeros --arg i32[1024]=zeros --arg i32:0
// RUN: --kernel shifts --global 1000 --local 40 --arg u32[1024]=rand:73 --arg i32[1024]=randu:74:-100000:100000 --arg u32[1024]=zeros --arg i32[1024]=zeros --arg i32:7
// RUN: --kernel shifts4 --global 256 --local 32 --arg u32x4[256]=rand:75 --arg i32x4[256]=rand:76 --arg u32x4[256]=zeros --arg i32x4[256]=zeros --arg i32:3
// RUN: --kernel int_ops --global 1024 --local 64 --arg u32[1024]=rand:77 --arg i32[1024]=rand:78 --arg u32[1024]=zeros --arg i32[1024]=zeros --arg i32:0
// RUN: --kernel int_ops --global 960 --local 32 --arg u32[1024]=rand:79 --arg i32[1024]=randu:80:-5000:5000 --arg u32[1024]=zeros --arg i32[1024]=zeros --arg i32:37
// RUN: --kernel int_ops4 --global 256 --local 64 --arg u32x4[256]=rand:81 --arg i32x4[256]=randu:82:-300:300 --arg u32x4[256]=zeros --arg i32x4[256]=zeros --arg i32:5
// Integer operations on varying int/uint values that the CPU runs as vector instructions
// across work-items (backend-cpu/src/codegen/vector/simd.rs): shifts and rotates by amounts
// the same for every work-item (constants and a kernel argument; counts of 32 and more
// masked to the width, a rotate by 0), complement, min, max and clamp by signedness; a
// xorshift loop as hash code has them. Varying amounts keep the per-lane form.
__kernel void shifts(__global const uint *a, __global const int *b, __global uint *out_u,
                     __global int *out_i, int n)
{
    int i = get_global_id(0);
    uint x = a[i];
    int y = b[i];
    uint acc = 0;
    for (int r = 0; r < 8; r++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        acc += x >> (n + r);
    }
    out_u[i] = acc + (a[i] >> (n + 33)) + (a[i] << (32 + n)) + (a[i] >> (i & 31));
    out_i[i] = (y >> 3) + (y << 2) + (y >> (n + 40)) + (y >> n) + (y << (i % 5));
}

__kernel void shifts4(__global const uint4 *a, __global const int4 *b, __global uint4 *out_u,
                      __global int4 *out_i, int n)
{
    int i = get_global_id(0);
    uint4 x = a[i];
    int4 y = b[i];
    out_u[i] = (x >> (uint4)(n, 1, 35, 0)) ^ (x << (uint)n);
    out_i[i] = (y >> (int4)(n, 31, 2, 33)) + (y << 1);
}

__kernel void int_ops(__global const uint *a, __global const int *b, __global uint *out_u,
                      __global int *out_i, int n)
{
    int i = get_global_id(0);
    uint x = a[i];
    int y = b[i];
    uint k = (uint)n;
    out_u[i] = rotate(x, 7u) ^ rotate(x, k) ^ rotate(x, 0u) ^ rotate(x, k + 32u) ^ ~x
               ^ min(x, 0x80001234u) ^ max(x, k * 1000u) ^ clamp(x, 100000u, 0xf0000000u)
               ^ rotate(x, (uint)i);
    out_i[i] = rotate(y, 3) + ~y + min(y, -7) + max(y, n - 1000) + clamp(y, -1000, 2000)
               + rotate(y, n);
}

__kernel void int_ops4(__global const uint4 *a, __global const int4 *b, __global uint4 *out_u,
                       __global int4 *out_i, int n)
{
    int i = get_global_id(0);
    uint4 x = a[i];
    int4 y = b[i];
    out_u[i] = rotate(x, (uint4)(1, 31, 33, (uint)n)) ^ ~x ^ min(x, (uint4)0x7fffffffu)
               ^ clamp(x, (uint4)5u, (uint4)(0xffffu, 0xfffffu, 7u, 0x80000000u));
    out_i[i] = max(y, (int4)(-5, 0, 5, n)) + clamp(y, -100, 100) + ~y + rotate(y, (int4)2);
}
