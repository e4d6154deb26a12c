// RUN: --kernel types --global 50 --local 10 --arg i64[50]=rand:7 --arg f64[50]=rand:8 --arg i8[50]=rand:9 --arg i16[50]=rand:10 --arg i64[50]=zeros --arg f64[50]=zeros --arg i8[50]=zeros --arg u16[50]=zeros
// RUN: --kernel types --global 48 --local 48 --arg i64[48]=rand:11 --arg f64[48]=rand:12 --arg i8[48]=rand:13 --arg i16[48]=rand:14 --arg i64[48]=zeros --arg f64[48]=zeros --arg i8[48]=zeros --arg u16[48]=zeros
// 64-bit, char and short element types across lanes (per-lane scalars), with a uniform loop.
__kernel void types(__global const long *l, __global const double *d, __global const char *c,
                    __global const short *s, __global long *lo, __global double *dout,
                    __global char *co, __global ushort *so)
{
    int i = get_global_id(0);
    long acc = l[i];
    double dacc = d[i];
    char cc = c[i];
    short ss = s[i];
    for (int j = 1; j <= 3; j++) {
        acc = acc * 3 + (long)j * i;
        dacc = dacc * 1.5 + (double)j / (double)(i + 1);
        cc = (char)(cc * 5 + j);
        ss = (short)(ss - (short)(i * j));
    }
    lo[i] = acc;
    dout[i] = dacc;
    co[i] = cc;
    so[i] = (ushort)ss;
}
