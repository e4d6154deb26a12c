// RUN: --kernel shuf_const --global 32 --local 8 --arg i32x16[32]=rand:301 --arg i32[2048]=zeros
// RUN: --kernel shuf_dyn --global 32 --local 8 --arg u8x16[32]=rand:302 --arg u32[32]=rand:303 --arg u8[2048]=zeros
// shuffle and shuffle2 with constant and computed masks between all vector widths
// (2, 4, 8, 16 in, 2, 4, 8, 16 out), on int and uchar; only the low log2(2n) bits of each
// mask element count.
__kernel void shuf_const(__global const int16 *in, __global int *out)
{
    int i = get_global_id(0);
    int16 v = in[i];
    int16 u = in[31 - i];
    __global int *o = out + i * 64;
    int2 a = shuffle(v.s01, (uint2)(1, 0));
    int4 b = shuffle(v.lo.lo, (uint4)(3, 3, 0, 2));
    int8 c = shuffle(v, (uint8)(15, 0, 7, 8, 1, 14, 2, 2));
    int16 d = shuffle(v.lo, (uint16)(7, 6, 5, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7));
    int4 e = shuffle2(v.lo.lo, u.lo.lo, (uint4)(0, 7, 2, 5));
    int8 f = shuffle2(v.s01, u.s23, (uint8)(0, 1, 2, 3, 3, 2, 1, 0));
    int16 g = shuffle2(v, u, (uint16)(31, 0, 16, 15, 1, 17, 2, 18, 30, 3, 29, 4, 5, 6, 28, 27));
    int2 h = shuffle2(v.hi, u.hi, (uint2)(9, 100));
    vstore2(a, 0, o);
    vstore4(b, 0, o + 2);
    vstore8(c, 0, o + 6);
    vstore16(d, 0, o + 14);
    vstore4(e, 0, o + 30);
    vstore8(f, 0, o + 34);
    vstore16(g, 0, o + 42);
    vstore2(h, 0, o + 58);
    vstore4(shuffle(v, (uint4)(16, 33, 50, 67)), 0, o + 60);
}

__kernel void shuf_dyn(__global const uchar16 *in, __global const uint *masks,
                       __global uchar *out)
{
    int i = get_global_id(0);
    uchar16 v = in[i];
    uchar16 u = in[(i + 1) & 31];
    uint m = masks[i];
    uchar16 mk = as_uchar16((uint4)(m, m * 31u, m ^ 0x55aa55aau, m >> 3));
    __global uchar *o = out + i * 64;
    vstore16(shuffle(v, mk), 0, o);
    vstore16(shuffle2(v, u, mk), 0, o + 16);
    vstore8(shuffle(v.lo, mk.odd), 0, o + 32);
    vstore4(shuffle2(v.lo.lo, u.hi.hi, mk.lo.lo), 0, o + 40);
    vstore2(shuffle(v.s01, mk.s23), 0, o + 44);
    vstore4(shuffle(v.s0123, (uchar4)(mk.s0, 1, 2, mk.s5)), 0, o + 46);
    vstore8(shuffle2(v.s01234567, u.s89abcdef, mk.hi), 0, o + 50);
    vstore4(shuffle(v, convert_uchar4(mk.lo.hi >> (uchar4)(1))), 0, o + 58);
    vstore2(shuffle2(v.lo.lo.lo, u.hi.hi.lo, (uchar2)((uchar)m, (uchar)(m >> 2))), 0, o + 62);
}
