// RUN: --kernel diff_offsets_global --global 64 --local 16 --arg i32[512]=rand:701 --arg f32x4[256]=randu:702:-8:8 --arg i32[64]=randu:703:0:200 --arg f64[512]=zeros
// RUN: --kernel diff_offsets_constant --global 64 --local 16 --arg i32[512]=rand:711 --arg f32x4[256]=randu:712:-8:8 --arg i32[64]=randu:713:0:200 --arg f64[512]=zeros
// Pointer differences used as offsets: `q - p` is negative where q lies below p, and
// `p + (q - p)`, `p[q - p]`, `end[-(end - begin)]` go back down the buffer, on __global
// and __constant buffers, for int, char and float4 elements.

#define DIFF_OFFSETS(NAME, SP)                                                             \
    __kernel void NAME(SP const int *n, SP const float4 *v, __global const int *where,    \
                       __global double *out)                                               \
    {                                                                                      \
        int i = get_global_id(0);                                                          \
        int w = where[i];                                                                  \
        SP const int *p = n + 256 + i;                                                     \
        SP const int *q = n + w;                                                           \
        __global double *o = out + 8 * i;                                                  \
        o[0] = *(p + (q - p));                                                             \
        o[1] = p[q - p + 1];                                                               \
        SP const int *begin = n + (i & 15);                                                \
        SP const int *end = begin + 200 + w;                                               \
        o[2] = end[-(end - begin)];                                                        \
        o[3] = (end - 1)[begin - end + 1];                                                 \
        SP const char *cp = (SP const char *)p;                                            \
        SP const char *cq = (SP const char *)q;                                            \
        o[4] = cp[cq - cp + 3];                                                            \
        SP const float4 *vp = v + 200;                                                     \
        SP const float4 *vq = v + (w & 127);                                               \
        ptrdiff_t back = vq - vp;                                                          \
        o[5] = vp[back].y;                                                                 \
        o[6] = (vp + back / 2)[0].z;                                                       \
        o[7] = back;                                                                       \
    }

DIFF_OFFSETS(diff_offsets_global, __global)
DIFF_OFFSETS(diff_offsets_constant, __constant)
