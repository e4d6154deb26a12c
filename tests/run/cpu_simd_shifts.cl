// RUN: --kernel shifts --global 1024 --local 64 --arg u32[1024]=rand:71 --arg i32[1024]=rand:72 --arg u32[1024]=zeros --arg i32[1024]=zeros --arg i32:0
// RUN: --kernel shifts --global 1000 --local 40 --arg u32[1024]=rand:73 --arg i32[1024]=randu:74:-100000:100000 --arg u32[1024]=zeros --arg i32[1024]=zeros --arg i32:7
// RUN: --kernel shifts4 --global 256 --local 32 --arg u32x4[256]=rand:75 --arg i32x4[256]=rand:76 --arg u32x4[256]=zeros --arg i32x4[256]=zeros --arg i32:3
// Shifts of varying int/uint values by amounts the same for every work-item (constants and
// a kernel argument, counts of 32 and more masked to the width): on the CPU, vector shifts
// across work-items (backend-cpu/src/codegen/vector/simd.rs); a xorshift loop as hash code
// has them. Varying amounts keep the per-lane form.
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
