// shuffle and shuffle2 (6.12.12): the mask is an unsigned integer vector with the
// element size of the inputs, and the result has the mask's width.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef char check_shuffle_width[(sizeof(shuffle((float4)(0.0f), (uint8)(0))) == 32 && sizeof(shuffle2((char2)(0), (char2)(0), (uchar16)(0))) == 16) ? 1 : -1];

__kernel void shuffles(__global float4 *out, float4 a, float8 b, int16 c, __global double2 *d, uchar4 e) {
    float4 rev = shuffle(a, (uint4)(3, 2, 1, 0));
    float2 pick = shuffle(b, (uint2)(7, 0));
    float16 wide = shuffle(a, (uint16)(0));
    float8 merged = shuffle2(a, a, (uint8)(0, 4, 1, 5, 2, 6, 3, 7));
    int4 from_ints = shuffle2(c, c, (uint4)(31, 0, 16, 1));
    double4 dd = shuffle(d[0], (ulong4)(1, 0, 1, 0));
    uchar8 bytes = shuffle2(e, e, (uchar8)(0, 1, 2, 3, 4, 5, 6, 7));
    short2 sh = shuffle((short4)(1), (ushort2)(0, 3));
    out[0] = rev + pick.x + wide.sF + merged.s7 + (float)from_ints.w + (float)dd.z + bytes.s1 + sh.y;
}
