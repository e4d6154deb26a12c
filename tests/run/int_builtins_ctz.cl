// RUN: --kernel ctzs --global 64 --arg u64[64]=rand:91 -cl-std=CL2.0 --arg u64[2048]=zeros
// ctz (OpenCL 2.0) on all eight integer types, scalar and vector, including 0 (ctz(0) is
// the width), powers of two and values with only the top bit set.
#define SUM4(UT, v) ((ulong)(UT)(v).x + 3 * (ulong)(UT)(v).y + 5 * (ulong)(UT)(v).z \
    + 7 * (ulong)(UT)(v).w)
#define CTZ(T, UT)                                                                          \
    {                                                                                       \
        T x = (T)(src[i] << (i & 63));                                                      \
        if (i == 0) x = 0;                                                                  \
        if (i == 1) x = (T)((UT)1 << (sizeof(T) * 8 - 1));                                  \
        if (i == 2) x = (T)1;                                                               \
        *o++ = (ulong)(UT)ctz(x);                                                           \
        *o++ = (ulong)(UT)clz(x);                                                           \
        T##4 v = (T##4)(x, (T)(x >> 3), (T)0, (T)(x & (T)-x));                             \
        *o++ = SUM4(UT, ctz(v));                                                            \
        T##2 w = ctz(v.wy);                                                                 \
        *o++ = (ulong)(UT)w.x * 1000 + (ulong)(UT)w.y;                                      \
    }

__kernel void ctzs(__global const ulong *src, __global ulong *out)
{
    int i = get_global_id(0);
    __global ulong *o = out + i * 32;
    CTZ(char, uchar)
    CTZ(uchar, uchar)
    CTZ(short, ushort)
    CTZ(ushort, ushort)
    CTZ(int, uint)
    CTZ(uint, uint)
    CTZ(long, ulong)
    CTZ(ulong, ulong)
}
