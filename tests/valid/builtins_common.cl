// Common built-ins (6.12.4) for float and double gentypes, with the (gentype, scalar)
// forms of clamp, max, min, mix, step and smoothstep.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define COMMON(T, S, x)                                                                       \
    {                                                                                         \
        T c1 = clamp(x, x, x) + degrees(x) + max(x, x) + min(x, x) + mix(x, x, x);            \
        T c2 = radians(x) + step(x, x) + smoothstep(x, x, x) + sign(x);                       \
        T c3 = clamp(x, (S)0, (S)1) + max(x, (S)1) + min(x, (S)1) + mix(x, x, (S)0.5);        \
        T c4 = step((S)0, x) + smoothstep((S)0, (S)1, x) + c1 + c2 + c3;                      \
        out[0] += (float)c4.s0;                                                               \
    }
#define COMMON_SCALAR(T, x)                                                                   \
    {                                                                                         \
        T c1 = clamp(x, x, x) + degrees(x) + max(x, x) + min(x, x) + mix(x, x, x);            \
        T c2 = radians(x) + step(x, x) + smoothstep(x, x, x) + sign(x) + c1;                  \
        out[0] += (float)c2;                                                                  \
    }
typedef char check_clamp_scalar_form[sizeof(clamp((double3)(1.0), 0.0, 1.0)) == 32 ? 1 : -1];

__kernel void common_fns(__global float *out, float f, double d) {
    COMMON_SCALAR(float, f)
    COMMON_SCALAR(double, d)
    COMMON(float2, float, (float2)(f))
    COMMON(float3, float, (float3)(f))
    COMMON(float4, float, (float4)(f))
    COMMON(float8, float, (float8)(f))
    COMMON(float16, float, (float16)(f))
    COMMON(double2, double, (double2)(d))
    COMMON(double3, double, (double3)(d))
    COMMON(double4, double, (double4)(d))
    COMMON(double8, double, (double8)(d))
    COMMON(double16, double, (double16)(d))
}
