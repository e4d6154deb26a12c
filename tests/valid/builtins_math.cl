// Math built-ins (OpenCL C 1.2 6.12.2) for every floating gentype (float and double,
// scalar and 2, 3, 4, 8, 16 wide). Results are assigned to variables of the exact
// expected type: vector types never convert implicitly, so a wrong overload fails.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define ONE_ARG(T, x)                                                                       \
    T a1 = acos(x) + acosh(x) + acospi(x) + asin(x) + asinh(x) + asinpi(x) + atan(x);        \
    T a2 = atanh(x) + atanpi(x) + cbrt(x) + ceil(x) + cos(x) + cosh(x) + cospi(x) + erfc(x); \
    T a3 = erf(x) + exp(x) + exp2(x) + exp10(x) + expm1(x) + fabs(x) + floor(x) + lgamma(x); \
    T a4 = log(x) + log2(x) + log10(x) + log1p(x) + logb(x) + rint(x) + round(x) + rsqrt(x); \
    T a5 = sin(x) + sinh(x) + sinpi(x) + sqrt(x) + tan(x) + tanh(x) + tanpi(x) + tgamma(x);  \
    T a6 = trunc(x) + a1 + a2 + a3 + a4 + a5;

#define TWO_ARGS(T, x, y)                                                                    \
    T b1 = atan2(x, y) + atan2pi(x, y) + copysign(x, y) + fdim(x, y) + fmax(x, y) + fmin(x, y); \
    T b2 = fmod(x, y) + hypot(x, y) + nextafter(x, y) + pow(x, y) + powr(x, y);               \
    T b3 = remainder(x, y) + maxmag(x, y) + minmag(x, y) + fma(x, y, x) + mad(x, y, y);

#define INT_ARGS(T, IT, x, n)                                                                \
    T c1 = ldexp(x, n) + pown(x, n) + rootn(x, n);                                           \
    IT c2 = ilogb(x);

#define POINTER_ARGS(T, IT, x)                                                               \
    T d_ip;                                                                                  \
    IT d_exp;                                                                                \
    T d1 = fract(x, &d_ip) + modf(x, &d_ip) + sincos(x, &d_ip);                              \
    T d2 = frexp(x, &d_exp) + lgamma_r(x, &d_exp) + remquo(x, x, &d_exp);

#define ALL(T, IT, UT, S, x, y, n, u)                                                        \
    {                                                                                        \
        ONE_ARG(T, x)                                                                        \
        TWO_ARGS(T, x, y)                                                                    \
        INT_ARGS(T, IT, x, n)                                                                \
        POINTER_ARGS(T, IT, x)                                                               \
        T e1 = nan(u);                                                                       \
        T e2 = fmax(x, (S)1) + fmin(x, (S)2);                                                \
        g[0] += (float)(a6.s0 + b1.s0 + b2.s0 + b3.s0 + c1.s0 + c2.s0 + d_ip.s0);            \
        g[1] += (float)(d1.s0 + d2.s0 + e1.s0 + e2.s0);                                      \
    }

#define ALL_SCALAR(T, IT, UT, x, y, n, u)                                                    \
    {                                                                                        \
        ONE_ARG(T, x)                                                                        \
        TWO_ARGS(T, x, y)                                                                    \
        INT_ARGS(T, IT, x, n)                                                                \
        POINTER_ARGS(T, IT, x)                                                               \
        T e1 = nan(u);                                                                       \
        g[0] += (float)(a6 + b1 + b2 + b3 + c1 + c2 + d_ip + d1 + d2 + e1);                  \
    }

// half_ and native_ functions take float gentypes only.
#define HALF_NATIVE(T, x, y)                                                                 \
    {                                                                                        \
        T h1 = half_cos(x) + half_divide(x, y) + half_exp(x) + half_exp2(x) + half_exp10(x); \
        T h2 = half_log(x) + half_log2(x) + half_log10(x) + half_powr(x, y) + half_recip(x); \
        T h3 = half_rsqrt(x) + half_sin(x) + half_sqrt(x) + half_tan(x);                     \
        T n1 = native_cos(x) + native_divide(x, y) + native_exp(x) + native_exp2(x);         \
        T n2 = native_exp10(x) + native_log(x) + native_log2(x) + native_log10(x);           \
        T n3 = native_powr(x, y) + native_recip(x) + native_rsqrt(x) + native_sin(x);        \
        T n4 = native_sqrt(x) + native_tan(x) + h1 + h2 + h3 + n1 + n2 + n3;                 \
        g[2] += n4.s0;                                                                       \
    }

// ldexp(x, int) also takes a scalar int exponent for vector x.
typedef char check_ldexp_scalar_n[sizeof(ldexp((float4)(1.0f), 2)) == 16 ? 1 : -1];
typedef char check_ilogb[sizeof(ilogb((double8)(1.0))) == 32 ? 1 : -1];
typedef char check_nan[sizeof(nan((ulong2)(1))) == 16 && sizeof(nan(1u)) == 4 ? 1 : -1];

__kernel void math(__global float *g, float fs, double ds, int is, uint us, ulong uls) {
    ALL_SCALAR(float, int, uint, fs, 2.0f, is, us)
    ALL_SCALAR(double, int, ulong, ds, 2.0, is, uls)
    ALL(float2, int2, uint2, float, (float2)(fs), (float2)(2.0f), (int2)(is), (uint2)(us))
    ALL(float3, int3, uint3, float, (float3)(fs), (float3)(2.0f), (int3)(is), (uint3)(us))
    ALL(float4, int4, uint4, float, (float4)(fs), (float4)(2.0f), (int4)(is), (uint4)(us))
    ALL(float8, int8, uint8, float, (float8)(fs), (float8)(2.0f), (int8)(is), (uint8)(us))
    ALL(float16, int16, uint16, float, (float16)(fs), (float16)(2.0f), (int16)(is), (uint16)(us))
    ALL(double2, int2, ulong2, double, (double2)(ds), (double2)(2.0), (int2)(is), (ulong2)(uls))
    ALL(double3, int3, ulong3, double, (double3)(ds), (double3)(2.0), (int3)(is), (ulong3)(uls))
    ALL(double4, int4, ulong4, double, (double4)(ds), (double4)(2.0), (int4)(is), (ulong4)(uls))
    ALL(double8, int8, ulong8, double, (double8)(ds), (double8)(2.0), (int8)(is), (ulong8)(uls))
    ALL(double16, int16, ulong16, double, (double16)(ds), (double16)(2.0), (int16)(is), (ulong16)(uls))
    HALF_NATIVE(float2, (float2)(fs), (float2)(2.0f))
    HALF_NATIVE(float4, (float4)(fs), (float4)(2.0f))
    HALF_NATIVE(float16, (float16)(fs), (float16)(2.0f))
    g[3] = half_cos(fs) + native_sin(fs) + ldexp((float4)(fs), is).x + ldexp(ds, is);
    // Pointer arguments in each address space.
    __local float lip[1];
    float4 gi4;
    g[4] = fract(fs, g + 5) + modf(fs, lip) + sincos(fs, &g[6]) + fract((float4)(fs), &gi4).x;
}
