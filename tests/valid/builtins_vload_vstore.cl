// Vector data load and store (6.12.7): vloadN/vstoreN for every element type and
// width from each address space (vload also from __constant), the half forms
// vload_half[N], vloada_halfN, vstore_half[N][_rtX] and vstorea_halfN[_rtX].
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define LOAD_STORE(S, p)                                                                       \
    {                                                                                          \
        S##2 v2 = vload2(0, p);                                                                \
        S##3 v3 = vload3(1, p);                                                                \
        S##4 v4 = vload4(0, p);                                                                \
        S##8 v8 = vload8(0, p);                                                                \
        S##16 v16 = vload16(0, p);                                                             \
        vstore2(v2, 1, p);                                                                     \
        vstore3(v3, 0, p);                                                                     \
        vstore4(v4, 0, p);                                                                     \
        vstore8(v8, 0, p);                                                                     \
        vstore16(v16, 0, p);                                                                   \
    }
typedef char check_vload3[sizeof(vload3(0, (__constant float *)0)) == 16 ? 1 : -1];

__kernel void load_store(__global char *c, __global uchar *uc, __global short *s,
                         __global ushort *us, __global int *i, __global uint *ui,
                         __global long *l, __global ulong *ul, __global float *f,
                         __global double *d, __constant float *cf, __local int *li,
                         __global half *h, __local half *lh) {
    LOAD_STORE(char, c)
    LOAD_STORE(uchar, uc)
    LOAD_STORE(short, s)
    LOAD_STORE(ushort, us)
    LOAD_STORE(int, i)
    LOAD_STORE(uint, ui)
    LOAD_STORE(long, l)
    LOAD_STORE(ulong, ul)
    LOAD_STORE(float, f)
    LOAD_STORE(double, d)
    LOAD_STORE(int, li)
    int p[16];
    LOAD_STORE(int, p)
    float4 from_constant = vload4(0, cf);
    // Half conversions: loads give float, stores take float (or double) and may round.
    float h1 = vload_half(0, h);
    float2 h2 = vload_half2(0, h);
    float3 h3 = vload_half3(0, lh) + vloada_half3(0, h);
    float4 h4 = vload_half4(0, h) + vloada_half4(0, h);
    float16 h16 = vload_half16(0, h) + vloada_half16(0, lh);
    float hc = vload_half(0, (__constant half *)cf);
    vstore_half(h1, 0, h);
    vstore_half_rte(h1, 0, h);
    vstore_half_rtz(h1, 0, lh);
    vstore_half_rtp(h1, 0, h);
    vstore_half_rtn((double)h1, 0, h);
    vstore_half2(h2, 0, h);
    vstore_half3_rte(h3, 0, h);
    vstore_half4_rtz(h4, 0, h);
    vstore_half8(h16.lo, 0, h);
    vstore_half16_rtn(h16, 0, h);
    vstorea_half2(h2, 0, h);
    vstorea_half3_rtp(h3, 0, lh);
    vstorea_half4_rte((double4)(1.0), 0, h);
    vstorea_half16(h16, 0, h);
    vstore_half4((double4)(2.0), 0, h);
    f[0] = from_constant.x + hc + h4.w;
}
