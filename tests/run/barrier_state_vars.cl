// RUN: --kernel accumulate --global 48,6 --local 6,3 --arg f32[288]=rand:51 --arg f32[288]=zeros --arg i32[288]=zeros --arg i32:5
// RUN: -O0 --kernel accumulate --global 48,6 --local 6,3 --arg f32[288]=rand:51 --arg f32[288]=zeros --arg i32[288]=zeros --arg i32:5
// RUN: --kernel accumulate --global 64,4 --local 16,4 --arg f32[256]=rand:52 --arg f32[256]=zeros --arg i32[256]=zeros --arg i32:3
// RUN: --kernel wide_state --global 40 --local 20 --arg f32[40]=rand:53 --arg f32x4[40]=zeros --arg i32x2[40]=zeros --arg i64[40]=zeros
// RUN: -O0 --kernel wide_state --global 40 --local 20 --arg f32[40]=rand:53 --arg f32x4[40]=zeros --arg i32x2[40]=zeros --arg i64[40]=zeros
// RUN: --kernel cond_state --global 96 --local 32 --arg i32[96]=randu:54:-20:20 --arg i32[96]=zeros
// RUN: --kernel cond_state --global 30 --local 15 --arg i32[30]=randu:55:-20:20 --arg i32[30]=zeros
// RUN: --kernel tiled_counter --global 32,8 --local 8,8 --arg f32[256]=rand:56 --arg f32[256]=zeros --arg i32:4
// RUN: --kernel tiled_counter --global 14,6 --local 7,3 --arg f32[84]=rand:57 --arg f32[84]=zeros --arg i32:2
// RUN: --kernel group_counters --global 96 --local 32 --arg i32[96]=randu:58:-50:50 --arg i32[96]=zeros --arg i32:11
// RUN: --kernel group_counters --global 42 --local 21 --arg i32[42]=randu:59:-50:50 --arg i32[42]=zeros --arg i32:100
// RUN: -O0 --kernel group_counters --global 42 --local 21 --arg i32[42]=randu:59:-50:50 --arg i32[42]=zeros --arg i32:5
// RUN: --kernel struct_state --global 24 --local 12 --arg f32[24]=rand:60 --arg f32[24]=zeros
// RUN: -O0 --kernel struct_state --global 24 --local 12 --arg f32[24]=rand:60 --arg f32[24]=zeros
// Private variables and values that live across barriers: accumulators (a different value
// per work-item), loop counters shared by the group, vectors, narrow and wide integers and
// bools, variables written only on some paths of a region, and values recomputed from the
// work-item ids in later regions; local sizes that are and are not multiples of 4.

// A running sum and a loop counter around a barrier loop; row/column values derived from the
// ids are used in every region.
__kernel void accumulate(__global const float *in, __global float *out, __global int *steps,
                         int rounds)
{
    __local float tile[64];
    int lx = get_local_id(0), ly = get_local_id(1);
    int w = get_local_size(0);
    int gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
    float sum = 0.0f;
    int count = 0;
    for (int r = 0; r < rounds; r++) {
        tile[ly * w + lx] = in[gid] * (float)(r + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < w; k++)
            sum += tile[ly * w + k] * (float)(k + lx);
        if (lx % 2 == r % 2)
            count += r;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = sum;
    steps[gid] = count * 100 + lx * 10 + ly;
}

// Vector, char, long and bool values carried across two barriers.
__kernel void wide_state(__global const float *in, __global float4 *out, __global int2 *iout,
                         __global long *lout)
{
    __local float s[32];
    int l = get_local_id(0);
    float4 v = (float4)(in[get_global_id(0)], 1.0f, (float)l, -2.0f);
    int2 p = (int2)(l, l * l);
    char c = (char)(l * 13);
    long big = (long)l << 40;
    bool odd = (l & 1) != 0;
    s[l] = v.x;
    barrier(CLK_LOCAL_MEM_FENCE);
    v.y = s[(l + 1) % get_local_size(0)];
    p.x += c;
    big += (long)c;
    barrier(CLK_LOCAL_MEM_FENCE);
    s[l] = v.y + v.w;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (odd)
        v.z = s[l] * 2.0f;
    out[get_global_id(0)] = v;
    iout[get_global_id(0)] = p;
    lout[get_global_id(0)] = big;
}

// A variable written only under a condition in one region keeps its earlier value on the
// other path; another is first written inside a loop of a later region; an early return of
// the whole group by a uniform condition.
__kernel void cond_state(__global const int *in, __global int *out)
{
    __local int s[32];
    int l = get_local_id(0);
    int x = in[get_global_id(0)];
    int keep = -1;
    int last;
    s[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (s[(l + 3) % get_local_size(0)] > 0)
        keep = s[(l + 3) % get_local_size(0)];
    for (int i = 0; i < 3; i++)
        last = s[(l + i) % get_local_size(0)] + i;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_group_id(0) == 5) {
        out[get_global_id(0)] = 7;
        return;
    }
    s[l] = keep + last;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[get_local_size(0) - 1 - l] * 3 + keep;
}

// The tiled matrix pattern: the tile counter t is the same for the whole group, the inner
// counter k restarts in every region, the accumulator crosses every barrier.
__kernel void tiled_counter(__global const float *a, __global float *c, int tiles)
{
    __local float ta[8][8];
    int lx = get_local_id(0), ly = get_local_id(1);
    int w = get_local_size(0);
    int col = get_global_id(0), row = get_global_id(1);
    int n = get_global_size(0);
    float acc = 0.0f;
    for (int t = 0; t < tiles; t++) {
        ta[ly][lx] = a[row * n + (t * w + lx) % n];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < w; k++)
            acc += ta[ly][k] * ta[k % get_local_size(1)][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}

// Values the same for the whole group: a counter advanced in a region that also does
// per-work-item work (every work-item must see the value from before the region), a region
// of uniform statements only with a break out of the loop, and a value read from __local
// memory by every work-item alike and used after the next barrier.
__kernel void group_counters(__global const int *in, __global int *out, int limit)
{
    __local int s[64];
    int l = get_local_id(0);
    int n = get_local_size(0);
    int step = 0;
    int total = 0;
    int shift = n;
    int hw = shift / 2;
    for (;;) {
        s[l] = in[get_global_id(0)] + step;
        step += 3;
        barrier(CLK_LOCAL_MEM_FENCE);
        total += s[(l + hw) % n] * (step & 7);
        barrier(CLK_LOCAL_MEM_FENCE);
        shift >>= 1;
        hw = shift / 2 + 1;
        if (step > limit || shift <= 1)
            break;
    }
    s[l] = total;
    barrier(CLK_LOCAL_MEM_FENCE);
    int m = s[0] + s[n - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = total * 1000 + step * 10 + shift + m;
}

// A struct (mixed field types, one of them a vector) and a private array carried across
// barriers, updated field by field and as a whole.
typedef struct { float w; int n; float2 xy; short tag; } Acc;

__kernel void struct_state(__global const float *in, __global float *out)
{
    __local float s[16];
    int l = get_local_id(0);
    Acc acc = { in[get_global_id(0)], l, (float2)(1.0f, (float)l), (short)(l * 3) };
    float hist[3] = { 0.0f, 1.0f, 2.0f };
    for (int r = 0; r < 3; r++) {
        s[l] = acc.w + (float)r;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc.w += s[(l + 1) % get_local_size(0)];
        acc.n += r;
        hist[r] += acc.xy.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (r == 1) {
            Acc next = acc;
            next.xy = acc.xy * 2.0f;
            next.tag = (short)(acc.tag + 1);
            acc = next;
        }
    }
    out[get_global_id(0)] = acc.w + (float)acc.n + acc.xy.x + acc.xy.y + (float)acc.tag
                            + hist[0] * 10.0f + hist[1] * 100.0f + hist[2];
}
