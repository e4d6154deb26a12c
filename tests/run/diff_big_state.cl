// RUN: --kernel big_private_across_barrier --global 512 --local 256 --arg u32[512]=rand:441 --arg u32[512]=zeros
// RUN: --kernel big_local --global 1024 --local 128 --arg i32[1024]=randu:442:-1000:1000 --arg i32[1024]=zeros
// Large per-work-item state kept across barriers (a 64-element private array and a
// dynamically indexed 2-D private array in a 256-item group) and a large __local array
// (8192 ints, 32 KiB) filled, synchronized and read back in a permuted order.
__kernel void big_private_across_barrier(__global const uint *in, __global uint *out)
{
    __local uint shared[256];
    int l = get_local_id(0);
    uint x = in[get_global_id(0)];
    uint p[64];
    uint m[4][8];
    for (int k = 0; k < 64; k++) p[k] = x * (uint)(k + 1) ^ (x >> (k & 31));
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 8; c++) m[r][c] = p[(r * 8 + c + x) & 63] + (uint)r;
    shared[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint nb = shared[(l + 37) & 255];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint acc = 0;
    for (int k = 0; k < 64; k++) acc += p[(k + nb) & 63] * (uint)k;
    out[get_global_id(0)] = acc ^ m[nb & 3][(nb >> 2) & 7];
}

__kernel void big_local(__global const int *in, __global int *out)
{
    __local int big[8192];
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    for (int k = 0; k < 64; k++) big[k * 128 + l] = v * k + l;
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = 0;
    for (int k = 0; k < 64; k++) s += big[((k * 37 + l * 5) & 63) * 128 + ((l * 7 + k) & 127)];
    out[get_global_id(0)] = s;
}
