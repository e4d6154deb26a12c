// printf through the Vulkan printf buffer, compared line by line (sorted: OpenCL leaves
// the order of different work-items' output open) with PoCL running the source.
// RUN: --kernel kinds --global 8 --local 4 --arg i32[8]=iota --arg f32[8]=randu:3:-100:100
// RUN: --kernel vectors --global 4 --local 4 --arg f32x4[4]=randu:5:-10:10 --arg i32x2[4]=randu:6:-1000:1000
// RUN: --kernel control --global 16 --local 8 --arg i32[16]=iota

/// Every scalar kind and common flags: signed and unsigned of each width, chars, floats
/// (promoted to double) with precision, width and exponent forms, hex and octal, longs.
__kernel void kinds(__global const int *a, __global const float *f)
{
    int i = get_global_id(0);
    char c = (char)(a[i] * 37 - 100);
    uchar uc = (uchar)(a[i] * 41);
    short s = (short)(a[i] * -3001);
    ushort us = (ushort)(a[i] * 9001);
    long l = (long)a[i] * -123456789012L;
    ulong ul = (ulong)a[i] * 987654321098UL;
    printf("wi %d: c=%hhd uc=%hhu s=%hd us=%hu l=%ld ul=%lu\n", i, c, uc, s, us, l, ul);
    printf("wi %d: %f %.3e %10.2f|%-8.1f|%g %a\n", i, f[i], f[i], f[i], f[i], f[i] * 1e6f, f[i]);
    printf("wi %d: %x %X %o %#x %+d %05d %c%c\n", i, a[i] * 0x1234567, (uint)(a[i] * 255), a[i] * 8, a[i], a[i] - 4, a[i], 'A' + a[i], '!');
}

/// Vector specifiers: float vectors (`hl`), int vectors, per-lane formatting.
__kernel void vectors(__global const float4 *v, __global const int2 *p)
{
    int i = get_global_id(0);
    printf("v%d = %v4hlf; %v2hld; %v2hhx; %v3hd\n", i, v[i], p[i], convert_uchar2(p[i]), (short3)(i, -i, 7));
    printf("%.2v4hlf|%v2hlg\n", v[i], v[i].xy);
}

/// printf under divergent control flow and in a helper; the return value is 0.
void report(int i, int n)
{
    if (n % 3 == 0)
        printf("item %d is a multiple of three (%d)\n", i, n);
}

__kernel void control(__global int *a)
{
    int i = get_global_id(0);
    for (int k = 0; k < i % 3; k++)
        report(i, a[i] + k);
    if (i & 1)
        a[i] = printf("odd %d\n", i) + 100;
    else
        a[i] = -printf("even\n");
}
