// Geometric built-ins (6.12.5) for float and double scalars and 2, 3, 4-vectors; cross
// takes 3- and 4-vectors; the fast_ forms take float only.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define GEOMETRIC(T, S, x)                                                                    \
    {                                                                                         \
        S s1 = dot(x, x) + distance(x, x) + length(x);                                        \
        T v1 = normalize(x);                                                                  \
        out[0] += (float)(s1 + v1.s0);                                                        \
    }
#define FAST(T, x)                                                                            \
    {                                                                                         \
        float s1 = fast_distance(x, x) + fast_length(x);                                      \
        T v1 = fast_normalize(x);                                                             \
        out[1] += s1 + v1.s0;                                                                 \
    }
typedef char check_dot_scalar[sizeof(dot((double4)(1.0), (double4)(1.0))) == 8 ? 1 : -1];

__kernel void geometric(__global float *out, float f, double d) {
    out[2] = dot(f, f) + distance(f, f) + length(f) + normalize(f) + fast_length(f)
        + fast_distance(f, f) + fast_normalize(f) + (float)(dot(d, d) + normalize(d));
    GEOMETRIC(float2, float, (float2)(f))
    GEOMETRIC(float3, float, (float3)(f))
    GEOMETRIC(float4, float, (float4)(f))
    GEOMETRIC(double2, double, (double2)(d))
    GEOMETRIC(double3, double, (double3)(d))
    GEOMETRIC(double4, double, (double4)(d))
    FAST(float2, (float2)(f))
    FAST(float3, (float3)(f))
    FAST(float4, (float4)(f))
    float3 c3 = cross((float3)(f), (float3)(1.0f));
    float4 c4 = cross((float4)(f), (float4)(1.0f));
    double3 d3 = cross((double3)(d), (double3)(1.0));
    double4 d4 = cross((double4)(d), (double4)(1.0));
    out[3] = c3.x + c4.w + (float)(d3.y + d4.z);
}
