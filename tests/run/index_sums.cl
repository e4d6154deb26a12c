// RUN: --kernel window --global 256 --local 64 --arg f32[400]=randu:41:-4:4 --arg f32[256]=zeros --arg i32:7 --arg i32:3
// RUN: --kernel window --global 96 --local 32 --arg f32[400]=randu:42:-4:4 --arg f32[96]=zeros --arg i32:13 --arg i32:1
// RUN: --kernel reversed --global 128 --local 32 --arg i32[128]=randu:43:-1000:1000 --arg i32[128]=zeros --arg i32:128
// RUN: --kernel wrapped --global 64 --local 16 --arg i32[64]=randu:44:-1000:1000 --arg i32[64]=zeros
// RUN: --kernel narrow --global 64 --local 16 --arg i32[80]=randu:45:-1000:1000 --arg i32[64]=zeros
// TOLERANCE: 1e-5 1e-5
// Index arithmetic that the CPU target widens to 64 bits term by term: signed sums
// (`base + (c + 1)`, `base - (c - 2)`) split into their terms, so that neighbouring accesses
// share one sum; unsigned sums, which wrap, stay whole.

// A window whose taps are nested sums of the loop counter, as partial unrolling writes them.
__kernel void window(__global const float *in, __global float *out, int taps, int back)
{
    int gid = get_global_id(0);
    int base = gid + 20 + back;
    float sum = 0;
    for (int c = 0; c < taps; c++) {
        sum += in[base + (c + 1)] * 0.5f;
        sum += in[base - (c - back)];
        sum -= in[(base + c) - (back - 2)] * 0.25f;
    }
    out[gid] = sum;
}

// Differences with the work-item id subtracted.
__kernel void reversed(__global const int *in, __global int *out, int n)
{
    int gid = get_global_id(0);
    out[gid] = in[(n - gid) - 1] + in[n - 1 - (gid - (gid & 1))];
}

// Unsigned sums wrap: `u + 16u` is the id again (as an `int` and as an unsigned index), and
// the signed sum of the converted value is too.
__kernel void wrapped(__global const int *in, __global int *out)
{
    uint u = (uint)get_global_id(0) + 0xFFFFFFF0u;
    int i = (int)(u + 16u);
    int j = (int)u + 16;
    out[get_global_id(0)] = in[i] - 2 * in[j] + 3 * in[u + 16u];
}

// Sums of `short` and `char` values (computed in `int`, as C says).
__kernel void narrow(__global const int *in, __global int *out)
{
    short s = (short)get_global_id(0);
    char c = (char)(get_global_id(0) & 7);
    out[get_global_id(0)] = in[s + 3] + in[(s + c) + 9] - in[s + (c - 1) + 1];
}
