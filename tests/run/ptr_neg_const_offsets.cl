// RUN: --kernel neg_scalars_global --global 64 --local 16 --arg i8[256]=rand:601 --arg i16[256]=rand:602 --arg i32[256]=rand:603 --arg f32[256]=randu:604:-8:8 --arg f64[1024]=zeros
// RUN: --kernel neg_scalars_constant --global 64 --local 16 --arg i8[256]=rand:611 --arg i16[256]=rand:612 --arg i32[256]=rand:613 --arg f32[256]=randu:614:-8:8 --arg f64[1024]=zeros
// RUN: --kernel neg_wide_global --global 64 --local 16 --arg f32x4[256]=randu:621:-8:8 --arg f64[256]=randu:622:-8:8 --arg i32[512]=rand:623 --arg f64[1024]=zeros
// RUN: --kernel neg_wide_constant --global 64 --local 16 --arg f32x4[256]=randu:631:-8:8 --arg f64[256]=randu:632:-8:8 --arg i32[512]=rand:633 --arg f64[1024]=zeros
// Loads through pointers offset by negative constants (`p - 3`, `p[-1]`) on __global and
// __constant buffers, for char/short/int/float/float4/double/struct elements, plus stores
// through a negative offset. On Vulkan these offsets are integer address arithmetic
// (NVIDIA's driver read 0 through OpPtrAccessChain with a negative index).

typedef struct {
    int a;
    short b;
    char c;
} S;

#define NEG_SCALARS(NAME, SP)                                                              \
    __kernel void NAME(SP const char *c, SP const short *s, SP const int *n,               \
                       SP const float *f, __global double *out)                            \
    {                                                                                      \
        int i = get_global_id(0);                                                          \
        SP const char *pc = c + 100 + i;                                                   \
        SP const short *ps = s + 70 + i;                                                   \
        SP const int *pn = n + 128 + 2 * i;                                                \
        SP const float *pf = f + 255 - i;                                                  \
        __global double *o = out + 16 * i + 16;                                            \
        o[-16] = pc[-1];                                                                   \
        o[-15] = *(pc - 7);                                                                \
        o[-14] = pc[-100];                                                                 \
        o[-13] = ps[-1];                                                                   \
        o[-12] = *(ps - 33);                                                               \
        o[-11] = ps[-70];                                                                  \
        o[-10] = pn[-1];                                                                   \
        o[-9] = *(pn - 64);                                                                \
        o[-8] = pn[-128];                                                                  \
        o[-7] = pf[-1];                                                                    \
        o[-6] = *(pf - 5);                                                                 \
        o[-5] = pf[-191];                                                                  \
        o[-4] = (pc - 2)[1] + (ps - 3)[2];                                                 \
        o[-3] = (pn - 10)[-1] + (pf - 4)[-4];                                              \
        o[-2] = *(&pn[-3] - 1);                                                            \
        o[-1] = -1.0;                                                                      \
    }

NEG_SCALARS(neg_scalars_global, __global)
NEG_SCALARS(neg_scalars_constant, __constant)

#define NEG_WIDE(NAME, SP)                                                                 \
    __kernel void NAME(SP const float4 *v, SP const double *d, SP const S *st,             \
                       __global double *out)                                               \
    {                                                                                      \
        int i = get_global_id(0);                                                          \
        SP const float4 *pv = v + 64 + i;                                                  \
        SP const double *pd = d + 200 - i;                                                 \
        SP const S *pst = st + 65 + i;                                                     \
        __global double *o = out + 16 * i;                                                 \
        float4 a = pv[-1];                                                                 \
        float4 b = *(pv - 9);                                                              \
        o[0] = a.x;                                                                        \
        o[1] = a.w;                                                                        \
        o[2] = b.y;                                                                        \
        o[3] = pv[-64].z;                                                                  \
        o[4] = pd[-1];                                                                     \
        o[5] = *(pd - 3);                                                                  \
        o[6] = pd[-137];                                                                   \
        o[7] = pst[-1].a;                                                                  \
        o[8] = (pst - 2)->b;                                                               \
        o[9] = pst[-3].c;                                                                  \
        o[10] = pst[-65].a + pst[-65].b;                                                   \
        o[11] = (&pst[-1].b)[0];                                                           \
        o[12] = ((SP const int *)(pst - 1))[-1];                                           \
        o[13] = ((SP const double *)(pv - 1))[-1];                                         \
        o[14] = ((SP const float *)pv)[-3];                                                \
        o[15] = ((SP const char *)(pst - 1))[-3];                                          \
    }

NEG_WIDE(neg_wide_global, __global)
NEG_WIDE(neg_wide_constant, __constant)
