// RUN: --kernel tree --global 256 --local 64 --arg f32[256]=randu:11:-4:4 --arg f32[4]=zeros
// RUN: --kernel tree --global 96 --local 32 --arg f32[96]=randu:12:-4:4 --arg f32[3]=zeros
// RUN: --kernel tree --global 64 --local 16 --arg f32[64]=randu:13:-4:4 --arg f32[4]=zeros
// RUN: --kernel own --global 128 --local 32 --arg i32[128]=randu:21:-100:100 --arg i32[128]=zeros --arg i32:5
// RUN: --kernel own --global 48 --local 24 --arg i32[48]=randu:22:-100:100 --arg i32[48]=zeros --arg i32:3
// RUN: --kernel kept --global 64 --local 16 --arg i32[64]=randu:31:-50:50 --arg i32[64]=zeros
// TOLERANCE: 1e-5 1e-5
// Private variables whose accesses lie in several barrier regions (the CPU target recomputes
// their addresses in each region and keeps them in registers there, in the work-item state
// between regions, or once per group when every work-item holds the same value).

// A tree reduction: `k` is the same in every work-item (kept once per group).
__kernel void tree(__global const float *in, __global float *out)
{
    __local float s[64];
    size_t lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k)
            s[lid] += s[lid + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}

// Each work-item's own accumulator, updated between barriers of a uniform loop.
__kernel void own(__global const int *in, __global int *out, int rounds)
{
    __local int t[32];
    size_t lid = get_local_id(0), n = get_local_size(0);
    int acc = in[get_global_id(0)];
    for (int r = 0; r < rounds; r++) {
        t[lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += t[(lid + 1 + r) % n] * (r + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}

// A value set before a barrier and read after it, in a different region, with a varying
// condition choosing which work-items change it.
__kernel void kept(__global const int *in, __global int *out)
{
    __local int t[16];
    int v = in[get_global_id(0)];
    int w = v * 3;
    if (v > 0)
        w = -v;
    t[get_local_id(0)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    w += t[15 - get_local_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[get_local_id(0)] = w;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = w + t[(get_local_id(0) + 3) % 16];
}
