// RUN: --kernel async_copy --global 128 --local 32 --arg f32[256]=randu:381:-10:10 --arg f32[128]=zeros
// RUN: --kernel async_strided --global 64 --local 16 --arg i32[512]=rand:382 --arg i32[256]=zeros
// RUN: --kernel async_events --global 32 --local 16 --arg f32x4[32]=randu:11:-5:5 --arg u8[256]=rand:12 --arg f32x4[64]=zeros
// async_work_group_copy in both directions (global -> local, local -> global) with the
// event waited on, chained events, async_work_group_strided_copy gathering and scattering
// with a stride, and prefetch (a hint with no visible effect); vector and uchar elements,
// a private array of events waited on together, and a copy in a helper function.
__kernel void async_copy(__global const float *in, __global float *out)
{
    __local float tile[64];
    int l = get_local_id(0);
    int g = get_group_id(0);
    event_t e = async_work_group_copy(tile, in + g * 64, 64, 0);
    wait_group_events(1, &e);
    float v = tile[l] + tile[l + 32] * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e2 = async_work_group_copy(out + g * 32, tile, 32, 0);
    wait_group_events(1, &e2);
}

__kernel void async_strided(__global const int *in, __global int *out)
{
    __local int cols[32];
    __local int rest[16];
    int l = get_local_id(0);
    int g = get_group_id(0);
    prefetch(in + g * 128, 128);
    event_t e = async_work_group_strided_copy(cols, in + g * 128 + 1, 32, 4, 0);
    e = async_work_group_copy(rest, in + g * 128 + 2, 16, e);
    wait_group_events(1, &e);
    int v = cols[l] ^ cols[31 - l];
    int w = rest[l] - cols[2 * l];
    barrier(CLK_LOCAL_MEM_FENCE);
    cols[l] = v;
    cols[l + 16] = w;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t s = async_work_group_strided_copy(out + g * 64, cols, 32, 2, 0);
    wait_group_events(1, &s);
}

event_t copy_in(__local float4 *dst, __global const float4 *src, event_t e)
{
    return async_work_group_copy(dst, src, 8, e);
}

__kernel void async_events(__global const float4 *in, __global const uchar *bytes, __global float4 *out)
{
    __local float4 tile[16];
    __local uchar b[64];
    event_t evs[2];
    int l = get_local_id(0);
    int g = get_group_id(0);
    evs[0] = async_work_group_copy(tile, in + g * 16, 8, 0);
    evs[0] = copy_in(tile + 8, in + g * 16 + 8, evs[0]);
    evs[1] = async_work_group_strided_copy(b, bytes + g * 128, 64, 2, 0);
    wait_group_events(2, evs);
    float4 v = tile[l] + tile[15 - l] * (float)b[l] - (float)b[63 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    evs[0] = async_work_group_strided_copy(out + g * 32, tile, 16, 2, 0);
    wait_group_events(1, evs);
}
