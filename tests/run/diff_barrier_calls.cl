// RUN: --kernel barrier_helper --global 128 --local 32 --arg i32[128]=randu:371:-500:500 --arg i32[128]=zeros
// RUN: --kernel barrier_uniform_branch --global 192 --local 64 --arg f32[192]=randu:372:-2:2 --arg i32:3 --arg f32[192]=zeros
// RUN: --kernel barrier_private_live --global 64 --local 16 --arg u32[64]=rand:373 --arg local:64 --arg u32[128]=zeros
// RUN: --kernel local_structs --global 96 --local 32 --arg i32[96]=randu:374:-1000:1000 --arg i32[192]=zeros
// Barriers where OpenCL allows them beyond the kernel's top level: inside helper functions
// (called by all work-items, the helper taking a __local pointer), inside branches whose
// condition is uniform (a kernel argument and the group id), in loops whose trip count
// comes from an argument, with private arrays and many scalars live across the barrier,
// and __local arrays of structs written and read by different work-items.
void rotate_left(__local int *buf, int l, int n)
{
    int v = buf[(l + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
}

int group_sum(__local int *buf, int l, int n)
{
    for (int s = n / 2; s > 0; s /= 2) {
        if (l < s) buf[l] += buf[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    int r = buf[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}

__kernel void barrier_helper(__global const int *in, __global int *out)
{
    __local int buf[32];
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    buf[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    rotate_left(buf, l, 32);
    rotate_left(buf, l, 32);
    int rotated = buf[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[l] = v * v;
    barrier(CLK_LOCAL_MEM_FENCE);
    int total = group_sum(buf, l, 32);
    out[get_global_id(0)] = rotated * 7 + total + v;
}

__kernel void barrier_uniform_branch(__global const float *in, int rounds, __global float *out)
{
    __local float tile[64];
    int l = get_local_id(0);
    int g = get_group_id(0);
    float v = in[get_global_id(0)];
    for (int r = 0; r < rounds; r++) {
        if (g == 1) {
            tile[l] = v;
            barrier(CLK_LOCAL_MEM_FENCE);
            v = tile[63 - l] * 0.5f + v;
            barrier(CLK_LOCAL_MEM_FENCE);
        } else if (rounds > 2) {
            tile[l] = v * 2.0f;
            barrier(CLK_LOCAL_MEM_FENCE);
            v = tile[(l + r + 1) & 63] - v;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    out[get_global_id(0)] = v;
}

__kernel void barrier_private_live(__global const uint *in, __local uint *shared,
                                   __global uint *out)
{
    int l = get_local_id(0);
    uint x = in[get_global_id(0)];
    uint hist[8];
    for (int k = 0; k < 8; k++) hist[k] = (x >> (4 * k)) & 15u;
    uint a = x * 3u, b = x ^ 0xdeadbeefu, c = x >> 5, d = x + 11u;
    shared[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint left = shared[(l + 15) & 15];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 8; k++) hist[k] += (left >> (4 * k)) & 15u;
    shared[l] = hist[l & 7];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint s = 0;
    for (int k = 0; k < 16; k++) s += shared[k] * (uint)(k + 1);
    out[2 * get_global_id(0)] = s + a + b + c + d;
    out[2 * get_global_id(0) + 1] = hist[0] | hist[3] << 8 | hist[7] << 16;
}

typedef struct {
    int key;
    short small;
    char tag;
} entry;

__kernel void local_structs(__global const int *in, __global int *out)
{
    __local entry ents[32];
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    ents[l].key = v;
    ents[l].small = (short)(v * 3);
    ents[l].tag = (char)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    entry e = ents[31 - l];
    int best = 0;
    for (int k = 0; k < 32; k++)
        if (ents[k].key > ents[best].key) best = k;
    out[2 * get_global_id(0)] = e.key + e.small * 2 + e.tag;
    out[2 * get_global_id(0) + 1] = ents[best].tag * 10000 + ents[best].key;
}
