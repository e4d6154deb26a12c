// RUN: --kernel walk_down_global --global 64 --local 16 --arg i8[256]=rand:671 --arg i16[256]=rand:672 --arg i32[256]=rand:673 --arg f32[256]=randu:674:-8:8 --arg f64[512]=zeros
// RUN: --kernel walk_down_constant --global 64 --local 16 --arg i8[256]=rand:681 --arg i16[256]=rand:682 --arg i32[256]=rand:683 --arg f32[256]=randu:684:-8:8 --arg f64[512]=zeros
// RUN: --kernel walk_down_wide --global 64 --local 16 --arg f32x4[128]=randu:691:-8:8 --arg f64[128]=randu:692:-8:8 --arg i32[256]=rand:693 --arg f64[512]=zeros
// RUN: --kernel reverse_copy --global 64 --local 16 --arg i32[1024]=rand:694 --arg i32[1024]=zeros
// Decrementing pointer walks (`*--p`, `*p--`, `p -= 2`) from the end of a range to its
// start on __global and __constant buffers, for char/short/int/float/float4/double/struct
// elements, and a reverse copy through two walking pointers.

typedef struct {
    int a;
    short b;
    char c;
} S;

#define WALK_DOWN(NAME, SP)                                                                \
    __kernel void NAME(SP const char *c, SP const short *s, SP const int *n,               \
                       SP const float *f, __global double *out)                            \
    {                                                                                      \
        int i = get_global_id(0);                                                          \
        int len = 1 + (i % 11);                                                            \
        __global double *o = out + 8 * i;                                                  \
        SP const char *pc = c + i + len;                                                   \
        double acc = 0.0;                                                                  \
        while (pc != c + i)                                                                \
            acc = acc * 0.5 + *--pc;                                                       \
        o[0] = acc;                                                                        \
        SP const short *ps = s + 2 * i + len;                                              \
        acc = 0.0;                                                                         \
        for (int j = 0; j < len; j++)                                                      \
            acc = acc * 0.5 + *--ps;                                                       \
        o[1] = acc;                                                                        \
        SP const int *pn = n + i + 2 * len;                                                \
        acc = 0.0;                                                                         \
        while (pn > n + i)                                                                 \
            acc = acc * 0.25 + *pn--;                                                      \
        o[2] = acc;                                                                        \
        SP const float *pf = f + 3 * i + 2 * len;                                          \
        acc = 0.0;                                                                         \
        for (; pf >= f + 3 * i; pf -= 2)                                                   \
            acc = acc * 0.5 + pf[0] * pf[1];                                               \
        o[3] = acc;                                                                        \
        SP const int *q = n + 255 - i;                                                     \
        int first = *q--;                                                                  \
        int second = *q--;                                                                 \
        o[4] = first + 2.0 * second + 4.0 * *--q;                                          \
        o[5] = q - n;                                                                      \
        o[6] = len;                                                                        \
        o[7] = *(--pc + 1);                                                                \
    }

WALK_DOWN(walk_down_global, __global)
WALK_DOWN(walk_down_constant, __constant)

__kernel void walk_down_wide(__global const float4 *v, __constant double *d,
                             __global const S *st, __global double *out)
{
    int i = get_global_id(0);
    int len = 1 + (i % 7);
    __global double *o = out + 8 * i;
    __global const float4 *pv = v + i + len;
    float4 acc4 = (float4)(0.0f);
    while (pv > v + i)
        acc4 = acc4 * 0.5f + *--pv;
    o[0] = acc4.x;
    o[1] = acc4.w;
    __constant double *pd = d + i + len;
    double acc = 0.0;
    do {
        acc = acc * 0.5 + *--pd;
    } while (pd != d + i);
    o[2] = acc;
    __global const S *ps = st + i + len;
    long total = 0;
    for (int j = len; j > 0; j--) {
        --ps;
        total = total * 3 + ps->a + ps->b - ps->c;
    }
    o[3] = total;
    o[4] = ps - st;
    __global const S *pe = st + 127 - i;
    o[5] = (pe--)->a;
    o[6] = (--pe)->b;
    o[7] = pe[-1].c;
}

__kernel void reverse_copy(__global const int *src, __global int *dst)
{
    int i = get_global_id(0);
    __global const int *from = src + 16 * i + 16;
    __global int *to = dst + 16 * i;
    for (int j = 0; j < 16; j++)
        *to++ = *--from;
}
