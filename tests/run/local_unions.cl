// RUN: --kernel bytes --global 128 --local 64 --arg u32[128]=zeros
// RUN: --kernel mixed --global 64 --local 32 --arg f32[64]=randu:11:-50:50 --arg u32[64]=zeros
// Unions in __local memory reinterpreted by every work-item of the group at once: each
// work-item writes its own byte or half of words shared with its neighbours (on Vulkan an
// atomic and/or per narrow write, so that neighbours' bytes survive), then all read whole
// words and other members after a barrier.
typedef union {
    uint u[16];
    ushort h[32];
    uchar b[64];
} shared64;

__kernel void bytes(__global uint *out)
{
    __local shared64 s;
    int l = get_local_id(0);
    s.b[l] = (uchar)(l * 3 + get_group_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s.u[l / 4] ^ ((uint)s.h[(63 - l) / 2] << 8);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 32)
        s.h[l] = (ushort)(l * 1000 + 7);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] += s.u[(l / 4) & 15] + s.b[63 - l];
}

typedef union {
    float f;
    uint u;
    char c[4];
} word;

__kernel void mixed(__global const float *a, __global uint *out)
{
    __local word w[32];
    int l = get_local_id(0);
    w[l].f = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    // Work-item l flips the sign byte of its neighbour's float.
    int n = (l + 1) & 31;
    w[n].c[3] ^= (char)0x80;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = w[l].u + (uint)w[31 - l].c[l & 3];
}
