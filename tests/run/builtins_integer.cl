// RUN: --kernel ints --global 256 --local 64 --arg i32[256]=rand:21 --arg i32[256]=rand:22 --arg u8[256]=rand:23 --arg i16[256]=rand:24 --arg i32[4096]=zeros --arg i64[512]=zeros
// The OpenCL 1.2 integer catalogue on random 32-bit, 8-bit and 16-bit inputs with edge
// values (0, -1, INT_MIN, INT_MAX), signed and unsigned forms (mad_sat is in builtins_mad_sat.cl). (ctz is OpenCL 2.0: PoCL
// rejects it in CL1.2 sources.)
__kernel void ints(__global const int *a, __global const int *b, __global const uchar *c,
                   __global const short *d, __global int *out, __global long *lout)
{
    int i = get_global_id(0);
    int x = a[i], y = b[i];
    if (i == 0) x = 0;
    if (i == 1) x = -1;
    if (i == 2) x = INT_MIN;
    if (i == 3) x = INT_MAX;
    if (i == 4) y = INT_MIN;
    uint ux = (uint)x, uy = (uint)y;
    uchar cx = c[i], cy = c[(i * 7) & 255];
    short sx = d[i], sy = d[(i * 3) & 255];
    __global int *o = out + i * 16;
    o[0] = add_sat(x, y);
    o[1] = (int)add_sat(ux, uy) ^ sub_sat(x, y);
    o[2] = hadd(x, y) + (int)rhadd(ux, uy);
    o[3] = mul_hi(x, y) ^ (int)mul_hi(ux, uy);
    o[4] = mad_hi(x, y, i) + mad_hi(ux, uy, (uint)i);
    o[5] = rotate(x, y) + (int)rotate(ux, (uint)i);
    o[6] = clz(x) + popcount(x) * 4096;
    o[7] = mul24(x & 0x7fffff, y >> 9) + mad24(i, -i, 5);
    o[8] = (int)abs(x) + (int)abs_diff(x, y);
    o[9] = add_sat(cx, cy) + sub_sat(cx, cy) * 256 + hadd(cx, cy) * 65536;
    o[10] = add_sat(sx, sy) + mul_hi(sx, sy) * 65536;
    o[11] = upsample(sx, (ushort)sy);
    o[12] = clamp(x, -1000, 1000) + max(x, y) / 2 - min(x, y) / 2;
    o[13] = (int)clamp(ux, 5u, 1000000u) + popcount(cx) + clz(cx) + clz(sx);
    o[14] = rhadd(sx, sy) + (int)abs(sx) + abs_diff(cx, cy);
    o[15] = (int)sub_sat(ux, uy);
    lout[2 * i] = upsample(x, uy);
    lout[2 * i + 1] = (long)mul_hi((long)x * 77777, (long)y * 33333) + add_sat((long)x << 32, (long)y << 32);
}
