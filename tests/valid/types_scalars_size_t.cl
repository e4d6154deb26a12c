// Scalar types: sizes, signedness and the pointer-sized integer types of a 64-bit
// device (size_t, ptrdiff_t, intptr_t, uintptr_t), bool, half and double.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef char check_sizes[(sizeof(bool) == 1 && sizeof(char) == 1 && sizeof(uchar) == 1 && sizeof(short) == 2 && sizeof(ushort) == 2 && sizeof(int) == 4 && sizeof(uint) == 4 && sizeof(long) == 8 && sizeof(ulong) == 8) ? 1 : -1];
typedef char check_float_sizes[(sizeof(half) == 2 && sizeof(float) == 4 && sizeof(double) == 8) ? 1 : -1];
typedef char check_ptr_sized[(sizeof(size_t) == 8 && sizeof(ptrdiff_t) == 8 && sizeof(intptr_t) == 8 && sizeof(uintptr_t) == 8) ? 1 : -1];
typedef char check_signedness[((char)-1 < 0 && (uchar)-1 > 0 && (size_t)-1 > 0 && (ptrdiff_t)-1 < 0 && (intptr_t)-1 < 0 && (uintptr_t)-1 > 0) ? 1 : -1];
typedef char check_unsigned_spellings[(sizeof(unsigned char) == 1 && sizeof(unsigned short) == 2 && sizeof(unsigned) == 4 && sizeof(unsigned long) == 8 && sizeof(signed char) == 1 && sizeof(long int) == 8 && sizeof(short int) == 2) ? 1 : -1];
typedef char check_bool_conversion[((bool)2 == 1 && (bool)0 == 0 && (bool)0.5 == 1) ? 1 : -1];
typedef char check_limits[(CHAR_MAX == 127 && UCHAR_MAX == 255 && INT_MIN == -2147483647 - 1 && UINT_MAX == 4294967295u && LONG_MAX == 9223372036854775807L) ? 1 : -1];

__kernel void scalars(__global float *out, __global double *d, __global half *h, __global size_t *s) {
    bool b = out[0] > 0.0f;
    char c = -1;
    uchar uc = 255;
    short sh = -32768;
    ushort us = 65535;
    int i = INT_MIN;
    uint u = UINT_MAX;
    long l = LONG_MIN;
    ulong ul = ULONG_MAX;
    float f = FLT_MAX;
    double dd = DBL_MIN;
    size_t gid = get_global_id(0);
    ptrdiff_t diff = &out[4] - &out[1];
    intptr_t ip = (intptr_t)out;
    uintptr_t up = (uintptr_t)out;
    out[gid] = b + c + uc + sh + us + i + u + l + ul + f + diff + (ip == (intptr_t)up);
    d[0] = dd;
    s[0] = sizeof(h[0]) + vload_half(0, h);
}
