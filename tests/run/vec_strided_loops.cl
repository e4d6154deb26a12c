// RUN: --kernel strided --global 96 --local 32 --arg u32[96]=rand:31 --arg u32[900]=zeros --arg i32[96]=zeros --arg i64[96]=zeros --arg i32:100
// RUN: --kernel strided --global 70 --local 35 --arg u32[70]=rand:32 --arg u32[900]=zeros --arg i32[70]=zeros --arg i64[70]=zeros --arg i32:77
// RUN: --kernel strided --global 64 --local 64 --arg u32[64]=rand:33 --arg u32[900]=zeros --arg i32[64]=zeros --arg i64[64]=zeros --arg i32:3
// RUN: --kernel strided --global 12 --local 6 --arg u32[12]=rand:34 --arg u32[900]=zeros --arg i32[12]=zeros --arg i64[12]=zeros --arg i32:40
// RUN: -O0 --kernel strided --global 70 --local 35 --arg u32[70]=rand:32 --arg u32[900]=zeros --arg i32[70]=zeros --arg i64[70]=zeros --arg i32:77
// RUN: --kernel grid_stride --global 24 --local 8 --arg f32[203]=rand:35 --arg f32[203]=zeros --arg u32[203]=zeros --arg i32:203
// RUN: --kernel grid_stride --global 30 --local 10 --arg f32[203]=rand:36 --arg f32[203]=zeros --arg u32[203]=zeros --arg i32:190
// Loops whose variable starts at the local id and steps by a uniform amount (the lane
// induction variables of the CPU vectorizer: one affine base instead of one value per lane),
// next to loops that must not be treated so: a variable read after its loop, one stepped under
// a varying condition, one carried from an outer iteration into the inner loop without being
// reset, a loop entered under a varying condition. Also 64-bit comparisons and && / || / ! on
// their results (SIMD masks).
__kernel void strided(__global const uint *in, __global uint *out, __global int *iout,
                      __global long *lout, int n)
{
    __local uint tile[300];
    size_t lid = get_local_id(0);
    size_t lsize = get_local_size(0);
    size_t gid = get_global_id(0);
    uint g = get_group_id(0);
    // size_t induction, bound not a multiple of the local size.
    for (size_t b = lid; b < 300; b += lsize)
        tile[b] = (uint)b * 3u + g;
    barrier(CLK_LOCAL_MEM_FENCE);
    // int induction counting down, with a data-dependent break.
    int acc = 0;
    for (int i = (int)(lsize - 1 - lid); i >= 0; i -= (int)lsize) {
        if (tile[i] % 7u == 5u)
            break;
        acc += (int)tile[i];
    }
    // A variable read after its loop keeps per-lane values.
    int j = (int)lid;
    while (j < n)
        j += 3 + (int)g;
    // Stepped under a varying condition: not an induction variable.
    int k = (int)lid;
    int steps = 0;
    while (k < 2 * n && steps < 50) {
        if ((in[gid] + (uint)steps) & 1u)
            k += 2;
        k += 1;
        steps++;
    }
    // Carried from one outer iteration to the next without a reset.
    int m = (int)lid;
    int inner = 0;
    for (int o = 1; o <= 3; o++) {
        while (m < o * n / 2) {
            inner += m & 5;
            m += (int)lsize;
        }
    }
    // Entered by some lanes only, reset before the loop.
    int part = 0;
    if (in[gid] & 2u) {
        for (int q = (int)lid * 2; q < n; q += 4)
            part += q;
    }
    // Set by some lanes only and read after its loop: the other lanes keep their value.
    int r = (int)lid;
    if (in[gid] & 4u) {
        r = (int)lid + 5;
        while (r < n)
            r += 3;
    }
    // 64-bit comparisons and their logic as masks.
    long w = (long)gid * 1000003L - 5000L;
    int flags = (w < (long)n * 1000L) + 2 * (w >= 0L && (ulong)w > 70000UL) +
                4 * !((ulong)gid <= (ulong)n || w == 2L) + 8 * (lid != lsize - 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = lid; b < 300; b += lsize)
        out[g * 300 + b] = tile[b] ^ (uint)lsize;
    iout[gid] = acc + j * 1000 + steps * 100000 + inner * 7 + part * 3 + flags * 1000000;
    lout[gid] = w + (long)k + ((long)r << 40);
}

// A grid-stride loop (without barriers): every element once, the int index widened to
// address the buffers, a uint induction variable beside it.
__kernel void grid_stride(__global const float *in, __global float *out, __global uint *hits,
                          int n)
{
    uint u = (uint)get_global_id(0) * 2u;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        out[i] = in[i] * 2.0f + (float)u;
        hits[i] += 1u;
        u += 7u;
    }
}
