// printf in objects: formats translated to C formats at compile time, printed by the C
// library's vprintf. The test compares the C driver's standard output byte for byte with
// PoCL's (`oclc run --device opencl`): each kernel prints once per work-item in one
// work-group (PoCL and the object both print in work-item order then), and stores printf's
// result (0) in r.
// OBJECT-RUN: --kernel scalars --global 12 --local 12 --arg i32[12]=zeros --arg i32[12]=rand:7:-100000:100000 --arg f32[12]=rand:8:-1000:1000
// OBJECT-RUN: --kernel specials --global 16 --local 16 --arg i32[16]=zeros
// OBJECT-RUN: --kernel vectors --global 6 --local 6 --arg i32[6]=zeros --arg i32[6]=rand:9:-300:300 --arg f32[6]=rand:10:-50:50
// OBJECT-RUN: --kernel doubles --global 10 --local 10 --arg i32[10]=zeros
// OBJECT-RUN: --kernel divergent --global 32 --local 32 --arg i32[32]=zeros --arg i32[32]=rand:11:-9:9

__constant char greeting[] = "hello";

/// Every integer conversion and length, chars, strings, floats with flags, width and
/// precision, and a literal %.
__kernel void scalars(__global int *r, __global const int *a, __global const float *f)
{
    int i = get_global_id(0);
    int v = a[i];
    r[i] = printf("%2d|%d %i %u %o %x %X %#o %#X|%hhd %hhu %hd %hu %hx|%ld %lu %lx %lo|%c%c|%s|%-7s|"
                  "%f %.3e %E %g %G %a %A|%+08.2f %-9.1e| % d %5.1f%%|%p\n",
                  i, v, -v, v, v, v, v, v, v,
                  (char)v, (uchar)v, (short)(v * 3), (ushort)(v * 3), (short)v,
                  (long)v * 1234567L, (ulong)(long)v * 98765UL, (long)v << 20, (ulong)v,
                  'a' + i % 26, '#', greeting, greeting,
                  f[i], f[i], f[i], f[i] * 1e-7f, f[i] * 1e9f, f[i], f[i] / 3.0f,
                  f[i], f[i], v, f[i] / 10.0f, (__global void *)(size_t)(0x1000 + 16 * i));
}

__constant uint special_float_bits[16] = {
    /* inf, -inf, nan, -0, 0, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45 (denormal), 1e38, 1e-38, 123456789, 0.1, -1.5, 3e-20, -nan */
    0x7f800000, 0xff800000, 0x7fc00000, 0x80000000, 0x00000000, 0x7f7fffff, 0xff7fffff, 0x00800000,
    0x00000001, 0x7e967699, 0x006ce3ee, 0x4ceb79a3, 0x3dcccccd, 0xbfc00000, 0x1f0dabc6, 0xffc00000,
};

/// Float special values (infinities, NaNs of both signs, signed zeros), the extremes of
/// float, denormals, huge and small exponents, each in every float conversion.
__kernel void specials(__global int *r)
{
    int i = get_global_id(0);
    float x = as_float(special_float_bits[i]);
    r[i] = printf("%2d: %f|%e|%g|%a|%.0f|%12.4E|%G|%-10.3g|%+.2e|%ld\n",
                  i, x, x, x, x, x, x, x, x, x, (long)(x * 0.0f == 0.0f));
}

/// Vector conversions of widths 2, 3, 4, 8 and 16, of every element length, with flags.
__kernel void vectors(__global int *r, __global const int *a, __global const float *f)
{
    int i = get_global_id(0);
    int v = a[i];
    float x = f[i];
    int16 w = (int16)(v) * (int16)(1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16);
    // 16 lanes are checked on chars only: PoCL 3.1 prints an int16 argument (64 bytes) and
    // every argument after it from the wrong place (values that change from run to run).
    r[i] = printf("%v2hld|%v3hlf|%.1v4hlf|%v4hx|%v8hhu|%v16hhx|%v2lx|%v8hld|%5v2hd|%v3hle\n",
                  (int2)(v, -v), (float3)(x, -x, x * 1e10f), (float4)(x, 1.0f / 0.0f, -0.0f, x / 7.0f),
                  convert_short4(w.s0123), convert_uchar8(w.s01234567), convert_uchar16(w),
                  (long2)((long)v << 33, -1L), w.hi, convert_short2(w.s45), (float3)(x, x * 1e-30f, -x * 1e30f));
}

__constant ulong special_double_bits[10] = {
    /* inf, -0, 1e308, 4.9e-324 (denormal), DBL_MIN, 0.1, -123456.789, 1e-300, pi, -1e100 */
    0x7ff0000000000000UL, 0x8000000000000000UL, 0x7fe1ccf385ebc8a0UL, 0x0000000000000001UL, 0x0010000000000000UL,
    0x3fb999999999999aUL, 0xc0fe240c9fbe76c9UL, 0x01a56e1fc2f8f359UL, 0x400921fb54442d18UL, 0xd4b249ad2594c37dUL,
};

/// Doubles and double vectors, with the `l` modifier: given a double, PoCL prints `%f`
/// (without `l`) as if the value were rounded to float, where oclc prints the double.
__kernel void doubles(__global int *r)
{
    int i = get_global_id(0);
    double d = as_double(special_double_bits[i]);
    r[i] = printf("%d: %lf %.17le %lg %la %-12.3lE|%v2lg\n", i, d, d, d, d, d, (double2)(d, -d * 0.5));
}

/// printf under divergent control flow (masked SIMD lanes at -O2), from a helper, reached
/// through a loop whose trip count differs per work-item (one printf call site, so that each
/// work-item prints at most once: two sites under an if and its else would print the
/// lanes taking one branch before those taking the other); r[i] stays 5 where nothing
/// printed.
void report(__global int *r, int i, int v)
{
    if (v % 3 == 0)
        r[i] = printf("wi %2d: %d is a multiple of 3 (%hhx)\n", i, v, (uchar)v);
}

__kernel void divergent(__global int *r, __global const int *a)
{
    int i = get_global_id(0);
    int v = a[i];
    r[i] = 5;
    for (int k = 0; k < v; k++)
        if (k == v - 1)
            report(r, i, v);
}
