// RUN: --kernel barrier_break_continue --global 256 --local 64 --arg i32[256]=randu:421:-50:50 --arg i32:9 --arg i32[256]=zeros
// RUN: --kernel barrier_while_shared --global 128 --local 128 --arg u32[128]=randu:422:1:100000 --arg u32[130]=zeros
// RUN: --kernel barrier_switch_return --global 96 --local 16 --arg i32[96]=randu:423:-9:9 --arg i32[96]=zeros
// RUN: --kernel barrier_3d --global 8,6,4 --local 4,3,2 --arg f32[192]=randu:424:-1:1 --arg f32[192]=zeros
// RUN: --kernel barrier_single --global 7 --local 1 --arg i32[7]=iota --arg i32[7]=zeros
// Barriers under uniform control flow the CPU backend must split into regions: a loop
// with uniform break and continue around barriers, a while loop whose condition every
// work-item reads from __local memory after a barrier, a switch on a uniform value with
// barriers in its cases, a uniform early return after a barrier, a 3-D work-group with a
// barrier, and one-work-item groups.
__kernel void barrier_break_continue(__global const int *in, int limit, __global int *out)
{
    __local int buf[64];
    int l = get_local_id(0);
    int v = in[get_global_id(0)];
    int acc = 0;
    for (int it = 0; it < 100; it++) {
        if (it == limit) break;
        buf[l] = v + it;
        barrier(CLK_LOCAL_MEM_FENCE);
        if ((it & 3) == 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            continue;
        }
        acc += buf[(l + it) & 63] * (it + 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        v = acc % 101;
    }
    out[get_global_id(0)] = acc;
}

__kernel void barrier_while_shared(__global const uint *in, __global uint *out)
{
    __local uint cur[128];
    __local uint done;
    int l = get_local_id(0);
    uint x = in[l];
    cur[l] = x;
    if (l == 0) done = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint rounds = 0;
    while (done == 0) {
        barrier(CLK_LOCAL_MEM_FENCE);
        x = (x & 1) ? 3 * x + 1 : x / 2;
        cur[l] = x;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            uint ones = 0;
            for (int k = 0; k < 128; k++) ones += cur[k] == 1;
            done = ones > 100 || rounds > 300;
        }
        rounds++;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[l] = x;
    if (l == 0) {
        out[128] = rounds;
        out[129] = done;
    }
}

__kernel void barrier_switch_return(__global const int *in, __global int *out)
{
    __local int buf[16];
    int l = get_local_id(0);
    int g = get_group_id(0);
    int v = in[get_global_id(0)];
    buf[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    switch (g % 3) {
    case 0:
        v += buf[15 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = buf[(l + 1) & 15] - v;
        break;
    case 1:
        out[get_global_id(0)] = -1;
        return;
    default:
        v *= buf[l ^ 1];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g == 5) return;
    out[get_global_id(0)] = v;
}

__kernel void barrier_3d(__global const float *in, __global float *out)
{
    __local float t[2][3][4];
    int x = get_local_id(0), y = get_local_id(1), z = get_local_id(2);
    size_t gid = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0)
               + get_global_id(0);
    t[z][y][x] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = t[1 - z][2 - y][3 - x] - t[z][y][(x + 1) & 3];
}

__kernel void barrier_single(__global const int *in, __global int *out)
{
    __local int one[1];
    one[0] = in[get_global_id(0)] * 5;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = one[get_local_id(0)] + (int)get_local_size(0) + (int)get_num_groups(0);
}
