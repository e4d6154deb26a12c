// RUN: --kernel madsat --global 256 --local 64 --arg i32[256]=rand:71 --arg i32[256]=rand:72 --arg i64[256]=rand:73 --arg i32[1024]=zeros --arg i64[512]=zeros
// mad_sat on signed/unsigned 8-, 32- and 64-bit operands, with values that saturate.
__kernel void madsat(__global const int *a, __global const int *b, __global const long *c,
                     __global int *out, __global long *lout)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    long z = c[i];
    uint ux = (uint)x, uy = (uint)y;
    out[4 * i] = mad_sat(x, 3, y);
    out[4 * i + 1] = (int)mad_sat(ux, uy, 7u);
    out[4 * i + 2] = mad_sat((char)x, (char)y, (char)i);
    out[4 * i + 3] = mad_sat((uchar)x, (uchar)y, (uchar)i);
    lout[2 * i] = mad_sat(z, (long)y, (long)x);
    lout[2 * i + 1] = (long)mad_sat((ulong)z, (ulong)ux, (ulong)i);
}
