// RUN: --kernel neg_runtime_global --global 64 --local 16 --arg i8[256]=rand:641 --arg i16[256]=rand:642 --arg i32[256]=rand:643 --arg f32[256]=randu:644:-8:8 --arg i32:-3 --arg i64:-40 --arg f64[1024]=zeros
// RUN: --kernel neg_runtime_constant --global 64 --local 16 --arg i8[256]=rand:651 --arg i16[256]=rand:652 --arg i32[256]=rand:653 --arg f32[256]=randu:654:-8:8 --arg i32:-5 --arg i64:-63 --arg f64[1024]=zeros
// RUN: --kernel neg_runtime_wide --global 64 --local 16 --arg f32x4[256]=randu:661:-8:8 --arg f64[256]=randu:662:-8:8 --arg i32[512]=rand:663 --arg i32[64]=randu:664:-60:60 --arg f64[1024]=zeros
// RUN: --kernel neg_runtime_split --global 64 --local 16 --arg i32[256]=rand:665 --arg f32[256]=randu:666:-8:8 --arg i32:-50 --arg f64[256]=zeros
// RUN: --kernel neg_runtime_stores --global 64 --local 16 --arg i32:-2 --arg i32[1024]=zeros --arg f32x4[256]=zeros
// Pointers offset by indices that are negative at run time: kernel arguments (`p + k`,
// `p[k]`, `p[-m]` with m < 0), per-work-item values (`p[(i & 3) - 2]`), values read from a
// buffer, loop counters running down past zero, on __global and __constant buffers, and
// stores through such offsets. On Vulkan these are integer address arithmetic.

typedef struct {
    int a;
    short b;
    char c;
} S;

#define NEG_RUNTIME(NAME, SP)                                                              \
    __kernel void NAME(SP const char *c, SP const short *s, SP const int *n,               \
                       SP const float *f, int k, long m, __global double *out)             \
    {                                                                                      \
        int i = get_global_id(0);                                                          \
        int d = (i & 3) - 2;                                                               \
        SP const char *pc = c + 128 + i;                                                   \
        SP const short *ps = s + 100 + i;                                                  \
        SP const int *pn = n + 120 + i;                                                    \
        SP const float *pf = f + 190 - i;                                                  \
        __global double *o = out + 16 * i;                                                 \
        o[0] = pc[k];                                                                      \
        o[1] = *(pc + m);                                                                  \
        o[2] = pc[d];                                                                      \
        o[3] = ps[k * 3];                                                                  \
        o[4] = *(ps + d - 1);                                                              \
        o[5] = pn[m];                                                                      \
        o[6] = pn[-(i % 7)];                                                               \
        o[7] = *(pn + (k - i));                                                            \
        o[8] = pf[d * 5];                                                                  \
        o[9] = pf[(long)k * 2 + d];                                                        \
        o[10] = *(pf - (-m) + 1);                                                          \
        double acc = 0.0;                                                                  \
        for (int j = 3; j >= -4; j--)                                                      \
            acc = acc * 2.0 + pn[j];                                                       \
        o[11] = acc;                                                                       \
        acc = 0.0;                                                                         \
        for (long j = 0; j > m; j -= 9)                                                    \
            acc += pf[j] + pc[j];                                                          \
        o[12] = acc;                                                                       \
        SP const int *pk = pn + k;                                                         \
        o[13] = pk[-1] + pk[d];                                                            \
        o[14] = (pc + k)[m + 1];                                                           \
        o[15] = ps[(short)d];                                                              \
    }

NEG_RUNTIME(neg_runtime_global, __global)
NEG_RUNTIME(neg_runtime_constant, __constant)

__kernel void neg_runtime_wide(__global const float4 *v, __constant double *d,
                               __global const S *st, __global const int *offsets,
                               __global double *out)
{
    int i = get_global_id(0);
    int off = offsets[i];
    __global const float4 *pv = v + 128 + i;
    __constant double *pd = d + 128 - i;
    __global const S *pst = st + 128 + i;
    __global double *o = out + 16 * i;
    float4 a = pv[off];
    o[0] = a.x;
    o[1] = a.y + a.z;
    o[2] = pv[off - 64].w;
    o[3] = pd[off];
    o[4] = *(pd + off / 2);
    o[5] = pst[off].a;
    o[6] = (pst + off)->b;
    o[7] = pst[off - 3].c;
    int neg = -abs(off) - 1;
    o[8] = pv[neg].x;
    o[9] = pd[neg];
    o[10] = pst[neg].a;
    o[11] = ((__global const short *)(pst + neg))[-1];
    o[12] = ((__global const double *)(pv + neg))[neg];
    o[13] = off;
    o[14] = neg;
    o[15] = pd[-(long)abs(off)];
}

// Sums of a negative part and a non-negative one (`p[k + i]`): on Vulkan the first is
// address arithmetic and the second an access chain.
__kernel void neg_runtime_split(__global const int *n, __constant float *f, int k,
                                __global double *out)
{
    int i = get_global_id(0);
    __global const int *p = n + 200;
    __constant float *q = f + 200;
    __global double *o = out + 4 * i;
    o[0] = p[k + i];
    o[1] = p[k * 3 + i];
    o[2] = q[(k - 100) + (i & 7)];
    long m = k;
    o[3] = q[m * 2 + i];
}

__kernel void neg_runtime_stores(int k, __global int *n, __global float4 *v)
{
    int i = get_global_id(0);
    __global int *pn = n + 16 * i + 16;
    pn[k] = i;
    *(pn + k - 1) = 100 + i;
    pn[-16] = 200 + i;
    for (int j = -5; j < -2; j++)
        pn[j] = 300 + j;
    __global float4 *pv = v + 4 * i + 3;
    pv[k] = (float4)(i, 1.5f, -2.0f, k);
    pv[-3] = (float4)(0.25f * i);
}
