// RUN: --kernel tree --global 1024 --local 64 --arg f32[1024]=randu:1:-1:1 --arg f32[16]=zeros
// RUN: --kernel tree --global 960 --local 64 --arg f32[960]=randu:2:-1:1 --arg f32[15]=zeros
// RUN: --kernel tree --global 512 --local 32 --offset 64 --arg f32[576]=randu:3:-1:1 --arg f32[18]=zeros
// RUN: --kernel tiles --global 32,64 --local 8,8 --arg f32[64,32]=rand:4 --arg f32[32,64]=zeros --arg i32:32 --arg i32:64
// RUN: --kernel tiles --global 24,40 --local 8,8 --offset 8,8 --arg f32[48,32]=rand:5 --arg f32[32,48]=zeros --arg i32:32 --arg i32:48
// RUN: --kernel steps --global 512 --local 32 --arg f32[512]=randu:6:-1:1 --arg f32[512]=zeros
// RUN: --kernel steps --global 256 --local 16 --offset 16 --arg f32[272]=randu:7:-1:1 --arg f32[272]=zeros
// RUN: --kernel bins --global 2048 --local 64 --arg u32[2048]=randu:8:0:1000 --arg u32[16]=zeros
// RUN: --kernel ids --global 16,32 --local 4,4 --offset 4,8 --arg u32[2048]=zeros
// RUN: --kernel two_scratch --global 512 --local 32 --arg local:128 --arg f32[512]=randu:9:-1:1 --arg local:256 --arg f32[16]=zeros
// RUN: --kernel ping_pong --global 1024 --local 32 --arg f32[1024]=randu:10:-1:1 --arg f32[1024]=zeros
// RUN: --kernel ping_pong --global 256 --local 16 --arg f32[256]=randu:11:-1:1 --arg f32[256]=zeros
// Kernels that synchronise their work-groups, in the shapes `opt::coarsen_groups` runs as
// four work-groups per invocation on Vulkan (the differential suite's Vulkan runs set
// OCLC_VK_GROUPS=4; the 15-group launch keeps one group per invocation): a tree reduction,
// a tiled transpose (coarsened along y), a scan whose barrier loop ends at a `break`,
// a histogram in `__local` memory with atomics, the group and global ids themselves, and
// two `__local` arguments of different sizes (each group's copies its own), and a scan
// whose private state is equal in every group (a step, a scale set under a branch on the
// local size, `__local` pointers swapped each step), which the copies share except the
// pointers, each copy's pointing into its own tiles.

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
        out[get_global_id(0) / get_local_size(0)] = s[0];
}

__kernel void tiles(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[8][9];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    if (x < width && y < height)
        tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = (get_global_id(1) - ly) + lx;
    y = (get_global_id(0) - lx) + ly;
    if (x < height && y < width)
        out[y * height + x] = tile[lx][ly] + get_group_id(1);
}

__kernel void steps(__global const float *in, __global float *out)
{
    __local float s[32];
    size_t lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = 1; ; k <<= 1) {
        if (k >= get_local_size(0))
            break;
        float v = lid >= k ? s[lid - k] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[lid] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = s[lid] + (float)get_num_groups(0);
}

__kernel void bins(__global const uint *in, __global uint *hist)
{
    __local uint h[16];
    size_t lid = get_local_id(0);
    if (lid < 16)
        h[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&h[in[get_global_id(0)] % 16]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16)
        atomic_add(&hist[lid], h[lid] * (uint)(get_group_id(0) + 1));
}

__kernel void ids(__global uint *out)
{
    __local uint s[16];
    size_t l = get_local_id(1) * 4 + get_local_id(0);
    s[l] = (uint)(get_group_id(1) * 1000 + get_group_id(0) * 100 + get_num_groups(1) * 10 +
                  get_global_id(1));
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t gx = get_global_id(0) - get_global_offset(0);
    size_t gy = get_global_id(1) - get_global_offset(1);
    out[gy * 64 + gx] = s[15 - l] + (uint)get_global_id(0) * 7;
}

__kernel void two_scratch(__local float *a, __global const float *in, __local float2 *b,
                          __global float *out)
{
    size_t lid = get_local_id(0), n = get_local_size(0);
    a[lid] = in[get_global_id(0)];
    b[lid] = (float2)(in[get_global_id(0)] * 2.0f, (float)get_group_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float s = 0.0f;
        for (size_t i = 0; i < n; i++)
            s += a[i] * b[n - 1 - i].x + b[i].y;
        out[get_group_id(0)] = s;
    }
}

__kernel void ping_pong(__global const float *in, __global float *out)
{
    __local float t[2][32];
    size_t lid = get_local_id(0), n = get_local_size(0);
    __local float *cur = t[0];
    __local float *nxt = t[1];
    cur[lid] = in[get_global_id(0)];
    int rounds = 0;
    float scale = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t step = 1; step < n; step *= 2) {
        if (n > 16)
            scale *= 0.5f;
        nxt[lid] = cur[lid] + (lid >= step ? cur[lid - step] : 0.0f) * scale;
        barrier(CLK_LOCAL_MEM_FENCE);
        __local float *swap = cur;
        cur = nxt;
        nxt = swap;
        rounds++;
    }
    out[get_global_id(0)] = cur[lid] + rounds + (float)get_group_id(0);
}
