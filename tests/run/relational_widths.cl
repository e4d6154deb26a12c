// RUN: --kernel classify --global 64 --arg f32[64]=randu:61:-3:3 --arg f64[64]=randu:62:-3:3 --arg i32[1024]=zeros
// isnan, isinf, isfinite, isnormal and signbit on float and double, scalar (1/0) and vector
// (-1/0; 2, 3 and 4 lanes), over NaNs of both signs, infinities, zeros of both signs,
// subnormals, the largest and smallest normals and random values.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define PACK(v) ((v).x & 1) + ((v).y & 2) + ((v).z & 4) + ((v).w & 8)

#define CLASSIFY(T, UT, SRC, special)                                                         \
    {                                                                                       \
        T a = SRC;                                                                          \
        switch (i & 15) {                                                                   \
        case 0: a = as_##T(special[0]); break;                                              \
        case 1: a = as_##T(special[1]); break;                                              \
        case 2: a = as_##T(special[2]); break;                                              \
        case 3: a = as_##T(special[3]); break;                                              \
        case 4: a = as_##T(special[4]); break;                                              \
        case 5: a = as_##T(special[5]); break;                                              \
        case 6: a = as_##T(special[6]); break;                                              \
        case 7: a = as_##T(special[7]); break;                                              \
        case 8: a = as_##T(special[8]); break;                                              \
        case 9: a = as_##T(special[9]); break;                                              \
        default: break;                                                                     \
        }                                                                                   \
        /* Bit operations only: Vulkan need not keep NaNs and infinities through */        \
        /* arithmetic unless the module asks for it.                             */        \
        T b = as_##T(special[(i + 3) % 10]);                                                \
        T c = as_##T(as_##UT(a) ^ ((UT)1 << (sizeof(T) * 8 - 1)));                          \
        T d = as_##T(special[(i * 7) % 10] ^ (UT)i);                                        \
        *o++ = isnan(a) + isinf(a) * 2 + isfinite(a) * 4 + isnormal(a) * 8 + signbit(a) * 16; \
        *o++ = isnan(d) + isinf(d) * 2 + isfinite(d) * 4 + isnormal(d) * 8 + signbit(c) * 16; \
        T##4 v = (T##4)(a, b, c, d);                                                        \
        *o++ = PACK(isnan(v)) + PACK(isinf(v)) * 16 + PACK(isfinite(v)) * 256;              \
        *o++ = PACK(isnormal(v)) + PACK(signbit(v)) * 16 + PACK(isnan(v.wzyx)) * 256;       \
        T##2 p = (T##2)(a, c);                                                              \
        *o++ = isinf(p).x * 3 + isnormal(p).y * 5 + signbit(p).y * 7 + isnan(p).x * 11;     \
        T##3 q = (T##3)(a, b, c);                                                           \
        *o++ = isfinite(q).x * 3 + signbit(q).y * 5 + isnormal(q).z * 7 + isinf(q).z * 11;  \
    }

__kernel void classify(__global const float *f, __global const double *g, __global int *out)
{
    // NaN, -NaN, +inf, -inf, +0, -0, smallest subnormal, largest subnormal, smallest
    // normal, largest finite.
    const uint fs[10] = {0x7fc00000u, 0xffc00001u, 0x7f800000u, 0xff800000u, 0u,
                         0x80000000u, 1u, 0x007fffffu, 0x00800000u, 0x7f7fffffu};
    const ulong ds[10] = {0x7ff8000000000000UL, 0xfff8000000000001UL, 0x7ff0000000000000UL,
                          0xfff0000000000000UL, 0UL, 0x8000000000000000UL, 1UL,
                          0x000fffffffffffffUL, 0x0010000000000000UL, 0x7fefffffffffffffUL};
    int i = get_global_id(0);
    __global int *o = out + i * 16;
    CLASSIFY(float, uint, f[i], fs)
    CLASSIFY(double, ulong, g[i], ds)
}
