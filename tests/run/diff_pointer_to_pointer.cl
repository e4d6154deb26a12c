// RUN: --kernel pointer_to_pointer --global 64 --local 16 --arg u8[1024]=rand:418 --arg i32[64]=zeros
// A private array of __global pointers and a pointer to one of its elements.
__kernel void pointer_to_pointer(__global const uchar *bytes, __global int *out)
{
    int i = get_global_id(0);
    __global const uchar *p = bytes + 512 + i * 4;
    __global const uchar *q = p - 256;
    __global const uchar *pp[2] = {p, q};
    __global const uchar **sel = &pp[i & 1];
    out[i] = (*sel)[2] + (int)(sel - pp) * 1000;
}
