// RUN: --kernel cmp64 --global 64 --local 16 --arg i64[64]=randu:3:-100:100 --arg u64[64]=rand:4 --arg i32[64]=zeros --arg i64:20 --arg u64:9223372036854775808
// RUN: --kernel cmp64 --global 30 --local 10 --arg i64[30]=randu:5:-30:30 --arg u64[30]=randu:6:0:40 --arg i32[30]=zeros --arg i64:3 --arg u64:17
// 64-bit integer comparisons in vectorised regions (compared two lanes at a time): signed and
// unsigned, against uniform and varying values, the global id against a bound.
__kernel void cmp64(__global const long *a, __global const ulong *b, __global int *out, long k, ulong uk)
{
    size_t i = get_global_id(0);
    long x = a[i];
    ulong y = b[i];
    int r = 0;
    if (x < k) r |= 1;
    if (x >= -k) r |= 2;
    if (y > uk) r |= 4;
    if (y <= b[(i + 1) % get_global_size(0)]) r |= 8;
    if (i < (size_t)k) r |= 16;
    if (x == (long)y) r |= 32;
    if (x != 5) r |= 64;
    out[i] = r;
}
