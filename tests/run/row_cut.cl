// RUN: --kernel tree --global 1024 --local 256 --arg f32[1024]=randu:61:-4:4 --arg f32[4]=zeros
// RUN: --kernel tree --global 120 --local 40 --arg f32[120]=randu:62:-4:4 --arg f32[3]=zeros
// RUN: --kernel tree --global 30 --local 10 --arg f32[30]=randu:63:-4:4 --arg f32[3]=zeros
// RUN: --kernel per_row --global 32,8 --local 32,4 --arg i32[256]=randu:64:-100:100 --arg i32[256]=zeros
// RUN: --kernel per_row --global 24,6 --local 12,3 --arg i32[144]=randu:65:-100:100 --arg i32[144]=zeros
// RUN: --kernel forms --global 64 --local 64 --arg i32[64]=randu:66:-100:100 --arg i32[64]=zeros --arg i32:13
// RUN: --kernel forms --global 96 --local 48 --arg i32[96]=randu:67:-100:100 --arg i32[96]=zeros --arg i32:-3
// RUN: --kernel forms --global 64 --local 16 --arg i32[64]=randu:68:-100:100 --arg i32[64]=zeros --arg i32:70
// TOLERANCE: 1e-5 1e-5
// Regions whose work is `if (lid < k)` for a k the same across each row of the work-group
// (a tree reduction's steps, `lid == 0` at its end): on the CPU target the chunk loop leaves
// a row at the first chunk in which no work-item takes the `if`. Rows with different k, local
// sizes that are not multiples of the vector width, and the forms that must not leave early
// (a suffix `lid >= k`, an `else`) are here too.

// A tree reduction over any local size: the steps' k halves, rounded up.
__kernel void tree(__global const float *in, __global float *out)
{
    __local float s[256];
    int lid = get_local_id(0);
    int n = get_local_size(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    while (n > 1) {
        int up = (n + 1) / 2;
        if (lid < n - up)
            s[lid] += s[lid + up];
        barrier(CLK_LOCAL_MEM_FENCE);
        n = up;
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}

// Each row of a 2-D work-group writes a different prefix of itself.
__kernel void per_row(__global const int *in, __global int *out)
{
    __local int t[32 * 4];
    size_t lx = get_local_id(0), ly = get_local_id(1), w = get_local_size(0);
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    t[ly * w + lx] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t k = ly * 5 + 1;
    if (lx < k)
        t[ly * w + lx] += 1000 * (int)ly;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (k > lx)
        t[ly * w + lx] *= 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = t[ly * w + lx];
}

// Prefix forms (<, <=, >, == 0) with a signed bound that may be negative, and forms that
// must run for every work-item (a suffix, an else).
__kernel void forms(__global const int *in, __global int *out, int k)
{
    __local int t[64];
    int lid = get_local_id(0);
    t[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid <= k)
        t[lid] += 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (k - 7 > lid)
        t[lid] *= 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid >= k)
        t[lid] -= 5;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < k / 2)
        t[lid] ^= 0x55;
    else
        t[lid] += 11;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        t[0] = -t[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[lid];
}
