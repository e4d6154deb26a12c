// RUN: --kernel tree_reduce --global 512 --local 128 --arg i32[512]=randu:321:-1000:1000 --arg local:512 --arg i32[4]=zeros
// RUN: --kernel scan_hs --global 256 --local 64 --arg u32[256]=randu:322:0:1000 --arg u32[256]=zeros
// RUN: --kernel scan_blelloch --global 128 --local 32 --arg i32[128]=randu:323:-50:50 --arg i32[128]=zeros
// RUN: --kernel transpose_tiled --global 24,16 --local 8,8 --arg f32[16,24]=rand:324 --arg f32[24,16]=zeros
// RUN: --kernel matmul_tiled --global 16,16 --local 4,4 --arg f32[16,16]=randu:325:-1:1 --arg f32[16,16]=randu:326:-1:1 --arg f32[16,16]=zeros
// RUN: --kernel barrier_loop --global 96 --local 32 --arg i32[96]=randu:327:-9:9 --arg i32[96]=zeros
// TOLERANCE: 0 0
// __local memory with barriers: a tree reduction through a __local pointer argument, an
// inclusive Hillis-Steele scan (double-buffered), an exclusive Blelloch scan (up-sweep,
// down-sweep), a tiled transpose padded against bank conflicts, a 2-D tiled matrix
// multiply (barriers inside a loop), and barriers in a uniform loop with values live
// across them. The matrix multiply sums in the same order everywhere and FP_CONTRACT is
// off (no fused acc + a * b), so its float results must match exactly.
#pragma OPENCL FP_CONTRACT OFF
__kernel void tree_reduce(__global const int *in, __local int *scratch, __global int *out)
{
    int l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = scratch[0];
}

__kernel void scan_hs(__global const uint *in, __global uint *out)
{
    __local uint buf[2][64];
    int l = get_local_id(0);
    int n = get_local_size(0);
    int src = 0;
    buf[0][l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < n; off *= 2) {
        uint v = buf[src][l];
        if (l >= off) v += buf[src][l - off];
        buf[1 - src][l] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = buf[src][l];
}

__kernel void scan_blelloch(__global const int *in, __global int *out)
{
    __local int t[32];
    int l = get_local_id(0);
    int n = 32;
    t[l] = in[get_global_id(0)];
    int off = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            int ai = off * (2 * l + 1) - 1;
            int bi = off * (2 * l + 2) - 1;
            t[bi] += t[ai];
        }
        off *= 2;
    }
    if (l == 0) t[n - 1] = 0;
    for (int d = 1; d < n; d *= 2) {
        off >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            int ai = off * (2 * l + 1) - 1;
            int bi = off * (2 * l + 2) - 1;
            int tmp = t[ai];
            t[ai] = t[bi];
            t[bi] += tmp;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[l];
}

__kernel void transpose_tiled(__global const float *in, __global float *out)
{
    __local float tile[8][9];
    int gx = get_global_id(0), gy = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    int w = get_global_size(0), h = get_global_size(1);
    tile[ly][lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * 8 + lx;
    int oy = get_group_id(0) * 8 + ly;
    out[oy * h + ox] = tile[lx][ly];
}

__kernel void matmul_tiled(__global const float *a, __global const float *b, __global float *c)
{
    __local float ta[4][4];
    __local float tb[4][4];
    int col = get_global_id(0), row = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    int n = get_global_size(0);
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += 4) {
        ta[ly][lx] = a[row * n + k0 + lx];
        tb[ly][lx] = b[(k0 + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < 4; k++) acc += ta[ly][k] * tb[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}

__kernel void barrier_loop(__global const int *in, __global int *out)
{
    __local int ring[32];
    int l = get_local_id(0);
    int mine = in[get_global_id(0)];
    int acc = mine;
    for (int step = 0; step < 5; step++) {
        ring[l] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        int left = ring[(l + 31) % 32];
        int right = ring[(l + 1) % 32];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc = (left - right) * (step + 1) + (acc & 0xff) + mine;
        if (step == 2 && get_group_id(0) == 1) acc = -acc;
    }
    out[get_global_id(0)] = acc;
}
