// RUN: --kernel div_pow2 --global 256 --local 64 --arg i32[256]=randu:1:-2147483648:2147483647 --arg i32[2304]=zeros --arg i64[256]=randu:2:-9223372036854775808:9223372036854775807 --arg i64[1024]=zeros --arg u32[256]=rand:3 --arg u32[1024]=zeros --arg i16[256]=randu:4:-32768:32767 --arg i16[1024]=zeros
// RUN: --kernel div_other --global 256 --local 64 --arg i32[256]=randu:5:-2147483648:2147483647 --arg i32[2560]=zeros --arg i64[256]=randu:6:-9223372036854775808:9223372036854775807 --arg i64[1024]=zeros --arg i8[256]=randu:7:-128:127 --arg i8[1024]=zeros
// Division and remainder by constants. div_pow2: powers of two (Vulkan writes them as
// shifts with a bias for negative dividends), 1, a negative power of two and near the
// sign bit, for int, long, uint and short. div_other: signed division by other constants
// (Vulkan divides the magnitudes unsigned and fixes the sign): positive and negative
// divisors, -1, INT_MIN, for int, long and char. INT_MIN and -1 dividends included.
__kernel void div_pow2(__global const int *a, __global int *o, __global const long *la,
                       __global long *lo, __global const uint *ua, __global uint *uo,
                       __global const short *sa, __global short *so)
{
    int i = get_global_id(0);
    int x = a[i];
    if (i == 0) x = INT_MIN;
    if (i == 1) x = -1;
    if (i == 2) x = INT_MAX;
    o[9 * i] = x / 2;
    o[9 * i + 1] = x % 2;
    o[9 * i + 2] = x / 16;
    o[9 * i + 3] = x % 16;
    o[9 * i + 4] = x / 1073741824;
    o[9 * i + 5] = x % 1073741824;
    o[9 * i + 6] = x / 1;
    o[9 * i + 7] = i == 0 ? 0 : x / -4;
    o[9 * i + 8] = (x >> 3) / 4 + (x & 255) % 8;
    long y = la[i];
    if (i == 0) y = LONG_MIN;
    if (i == 1) y = -1;
    lo[4 * i] = y / 8;
    lo[4 * i + 1] = y % 8;
    lo[4 * i + 2] = y / 4611686018427387904L;
    lo[4 * i + 3] = y % 4611686018427387904L;
    uint u = ua[i];
    uo[4 * i] = u / 32;
    uo[4 * i + 1] = u % 32;
    uo[4 * i + 2] = u / 2147483648u;
    uo[4 * i + 3] = u % 2147483648u;
    short s = sa[i];
    so[4 * i] = s / 4;
    so[4 * i + 1] = s % 4;
    so[4 * i + 2] = s / (short)16384;
    so[4 * i + 3] = s % (short)16384;
}

__kernel void div_other(__global const int *a, __global int *o, __global const long *la,
                        __global long *lo, __global const char *ca, __global char *co)
{
    int i = get_global_id(0);
    int x = a[i];
    if (i == 0) x = INT_MIN;
    if (i == 1) x = -1;
    if (i == 2) x = INT_MAX;
    if (i == 3) x = -7;
    o[10 * i] = x / 7;
    o[10 * i + 1] = x % 7;
    o[10 * i + 2] = x / 10;
    o[10 * i + 3] = x % 10;
    o[10 * i + 4] = x / -3;
    o[10 * i + 5] = x % -5;
    o[10 * i + 6] = i == 0 ? 0 : x / -1;
    o[10 * i + 7] = x / INT_MIN;
    o[10 * i + 8] = x % INT_MIN;
    o[10 * i + 9] = x / 1000003 + x % 641;
    long y = la[i];
    if (i == 0) y = LONG_MIN;
    if (i == 1) y = -1;
    lo[4 * i] = y / 7;
    lo[4 * i + 1] = y % 7;
    lo[4 * i + 2] = y / -1000000007L;
    lo[4 * i + 3] = y % 3000000019L;
    char c = ca[i];
    co[4 * i] = c / 3;
    co[4 * i + 1] = c % 3;
    co[4 * i + 2] = c / (char)-7;
    co[4 * i + 3] = c % (char)-7;
}
