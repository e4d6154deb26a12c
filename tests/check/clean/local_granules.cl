// RUN: --kernel pack --global 32 --local 16 --arg u8[32]=iota --arg f32[32]=iota --arg f32[32]=zeros
// Neighbouring work-items write neighbouring bytes, halves and floats of __local arrays
// (shadow cells as small as the smallest access: bytes here), and read other work-items'
// elements, a float4 of four of them too, after the barrier.
__kernel void pack(__global const uchar *bytes, __global const float *in, __global float *out)
{
    __local uchar b[16];
    __local short h[16];
    __local float f[16];
    int l = get_local_id(0), g = get_global_id(0);
    b[l] = bytes[g];
    h[l] = (short)(bytes[g] * 3);
    f[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 v = ((__local float4 *)f)[l / 4];
    out[g] = v.x + v.y + v.z + v.w + b[15 - l] + h[l ^ 1];
}
