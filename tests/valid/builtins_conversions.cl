// Explicit conversions (6.2.3): convert_T for every destination type and width, with
// _sat on integer destinations and the rounding modes _rte, _rtz, _rtp, _rtn.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define TO(T, x)                                                                               \
    {                                                                                          \
        T r1 = convert_##T(x);                                                                  \
        T r2 = convert_##T##_rte(x);                                                            \
        T r3 = convert_##T##_rtz(x);                                                            \
        T r4 = convert_##T##_rtp(x);                                                            \
        T r5 = convert_##T##_rtn(x);                                                            \
        sink += (double)(r1.s0 + r2.s0 + r3.s0 + r4.s0 + r5.s0);                                    \
    }
#define TO_INT(T, x)                                                                           \
    TO(T, x)                                                                                   \
    {                                                                                          \
        T r6 = convert_##T##_sat(x);                                                            \
        T r7 = convert_##T##_sat_rte(x) + convert_##T##_sat_rtz(x);                            \
        T r8 = convert_##T##_sat_rtp(x) + convert_##T##_sat_rtn(x);                            \
        sink += (double)(r6.s0 + r7.s0 + r8.s0);                                                \
    }
#define FROM(N, x)                                                                             \
    TO_INT(char##N, x)                                                                         \
    TO_INT(uchar##N, x)                                                                        \
    TO_INT(short##N, x)                                                                        \
    TO_INT(ushort##N, x)                                                                       \
    TO_INT(int##N, x)                                                                          \
    TO_INT(uint##N, x)                                                                         \
    TO_INT(long##N, x)                                                                         \
    TO_INT(ulong##N, x)                                                                        \
    TO(float##N, x)                                                                            \
    TO(double##N, x)
typedef char check_convert_type[sizeof(convert_uchar16_sat((float16)(1.0f))) == 16 ? 1 : -1];

__kernel void conversions(__global double *out, float f, int i, double d, ulong ul, char c) {
    double sink = 0.0;
    FROM(2, (float2)(f))
    FROM(3, (int3)(i))
    FROM(4, (double4)(d))
    FROM(8, (ulong8)(ul))
    FROM(16, (char16)(c))
    // Scalar forms.
    int si = convert_int(f) + convert_int_sat_rtz(d) + convert_int_rte(ul);
    uchar su = convert_uchar_sat(i) + convert_uchar_sat_rtn(f);
    float sf = convert_float(i) + convert_float_rtz(d) + convert_float_rtp(ul);
    double sd = convert_double(c) + convert_double_rtn(f);
    out[0] = sink + si + su + sf + sd;
}
