// RUN: --kernel unions --global 64 --local 16 --arg f32[64]=randu:415:-1000:1000 --arg u32[256]=zeros
// Unions reinterpreting a float as uint, bytes and a short2, written through one member
// and read through another.
typedef union {
    float f;
    uint u;
    uchar b[4];
    short2 s;
} bits;

__kernel void unions(__global const float *a, __global uint *out)
{
    int i = get_global_id(0);
    bits x;
    x.f = a[i];
    __global uint *o = out + i * 4;
    o[0] = x.u;
    o[1] = x.b[0] | (uint)x.b[3] << 8 | (uint)(ushort)x.s.y << 16;
    x.b[3] ^= 0x80;
    o[2] = as_uint(x.f);
    x.s.x = (short)i;
    o[3] = x.u;
}
