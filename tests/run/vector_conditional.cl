// RUN: --kernel vsel --global 256 --local 64 --arg f32x4[256]=randu:31:-4:4 --arg f32x4[256]=randu:32:-4:4 --arg i32x4[256]=rand:33 --arg i16x4[256]=rand:34 --arg f32x4[1024]=zeros --arg i32x4[512]=zeros --arg i16x4[256]=zeros
// `c ? a : b` with a vector condition: each lane chooses by the most significant bit of the
// condition lane (comparison results -1/0, arbitrary integers, unsigned masks), with scalar
// operands widened, and both operands evaluated.
__kernel void vsel(__global const float4 *a, __global const float4 *b, __global const int4 *c,
                   __global const short4 *s, __global float4 *fo, __global int4 *io,
                   __global short4 *so) {
    int i = get_global_id(0);
    float4 x = a[i], y = b[i];
    int4 m = c[i];
    fo[4 * i] = m ? x : y;
    fo[4 * i + 1] = (x < y) ? x : 0.5f;
    fo[4 * i + 2] = (as_uint4(m) & (uint4)(0x80000000u)) ? -1.0f : y;
    int4 k = (int4)(0);
    fo[4 * i + 3] = (x > 0.0f) ? (float4)(k.x++) : (float4)(k.y++);
    io[2 * i] = m ? 7 : -3;
    io[2 * i + 1] = (m & 1) ? m : k;
    short4 t = s[i];
    so[i] = (t > (short)100) ? t : (short4)((short)-5);
}
