// printf (6.12.13): a __constant format string literal with conversions for scalars,
// vectors (%v4f, %v2hd, %v8hhx), strings and pointers; it returns int.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef char check_printf_int[sizeof(printf("")) == 4 ? 1 : -1];

__kernel void printing(__global int *out, float f, double d, float4 v, short2 s, uchar8 c) {
    int r = printf("plain text\n");
    r += printf("%d %i %u %x %X %o %c %ld %lu\n", 1, -2, 3u, 255, 255, 8, 'a', 4L, 5UL);
    r += printf("%f %e %g %a %.3f %10.2e %F %E %G %A\n", f, f, f, f, d, d, d, d, d, d);
    r += printf("%v4f %v4hlf %v2hd %v8hhx\n", v, v, s, c);
    r += printf("%s %p %%\n", "string", out);
    r += printf("%5d|%-5d|%+d|%05d\n", 1, 2, 3, 4);
    out[0] = r;
}
