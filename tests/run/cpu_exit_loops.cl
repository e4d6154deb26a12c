// RUN: --kernel escape --global 64,4 --local 16,2 --arg i32[256]=zeros --arg i32:64 --arg i32:200
// RUN: --kernel escape --global 36,3 --local 12,3 --arg i32[108]=zeros --arg i32:36 --arg i32:60
// RUN: --kernel escape --global 26,2 --local 13,1 --arg i32[52]=zeros --arg i32:26 --arg i32:90
// RUN: -O3 --kernel escape --global 64,4 --local 16,2 --arg i32[256]=zeros --arg i32:64 --arg i32:200
// RUN: --kernel multi_exit --global 64 --local 16 --arg u32[64]=rand:41 --arg i32[64]=zeros --arg i32[512]=zeros --arg i32:90
// RUN: --kernel multi_exit --global 60 --local 20 --arg u32[64]=rand:42 --arg i32[64]=zeros --arg i32[512]=zeros --arg i32:40
// RUN: --kernel multi_exit --global 21 --local 7 --arg u32[64]=rand:43 --arg i32[64]=zeros --arg i32[512]=zeros --arg i32:200
// RUN: --kernel lopsided --global 48 --local 16 --arg i32[48]=zeros --arg i32:300
// RUN: --kernel lopsided --global 40 --local 8 --arg i32[40]=zeros --arg i32:7
// Loops that work-items leave at different iterations and in no other way (`if (c) break;`
// in straight-line code, a varying loop condition): the CPU backend runs two vector chunks
// of such a region interleaved, each with its own mask of lanes still in the loop, until
// no lane of either is left (codegen/vector/interleave.rs). Local sizes that are multiples
// of 8 (pairs only), of 4 (a single chunk after the pairs) and of neither (scalar
// work-items after the chunks); chunks whose lanes all leave at once while the other
// chunk's go on (lopsided); stores to __global memory between the exits (multi_exit).

__kernel void escape(__global int *out, int size, int max_iter)
{
    int px = get_global_id(0), py = get_global_id(1);
    float cr = -2.0f + 3.0f * px / size;
    float ci = -1.5f + 3.0f * py / (size / 8);
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < max_iter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        it++;
    }
    out[py * size + px] = it;
}

__kernel void multi_exit(__global const uint *in, __global int *out, __global int *trace,
                         int limit)
{
    int i = get_global_id(0);
    uint v = in[i];
    int acc = 0, k = 0;
    for (;;) {
        acc += (int)(v & 15u);
        if (acc > limit)
            break;
        trace[i * 8 + (k & 7)] = acc;
        v = v * 3u + 1u;
        if ((v & 7u) == 0u)
            break;
        k++;
        if (k >= (int)(in[i] & 31u))
            break;
    }
    out[i] = acc * 100 + k;
}

__kernel void lopsided(__global int *out, int n)
{
    int lid = get_local_id(0);
    int limit = (lid & 4) ? n : 0;
    int s = 0, k = 0;
    while (k < limit) {
        s += k * lid + 1;
        k++;
    }
    out[get_global_id(0)] = s;
}
