// RUN: --kernel index_wrap --global 12 --local 6 --offset 2147483646 --arg i64[12]=zeros --arg i32[12]=zeros --arg f32[40]=rand:41 --arg f32[12]=zeros
// RUN: --kernel index_wrap --global 12 --local 12 --offset 2147483645 --arg i64[12]=zeros --arg i32[12]=zeros --arg f32[40]=rand:41 --arg f32[12]=zeros
// Affine lane indices whose 32-bit values wrap between lanes (global ids near 2^31): the
// run-time guard of the widened index sends such chunks down the exact per-lane path.
__kernel void index_wrap(__global long *wide, __global int *narrow, __global const float *in,
                         __global float *out)
{
    int x = get_global_id(0);
    int k = get_global_id(0) - get_global_offset(0);
    wide[k] = (long)x;
    narrow[k] = x + 3;
    uint u = (uint)x * 2u;
    out[k] = in[(long)u % 40] + in[((long)x & 31) + 1];
}

// RUN: --kernel char_index --global 64 --local 32 --offset 98 --arg f32[256]=rand:42 --arg f32[64]=zeros --arg f32[64]=zeros
// A char index wraps from 127 to -128 inside a chunk: the widened address is no longer
// lane-consecutive there, so the guarded vector load and store must take the per-lane path.
__kernel void char_index(__global float *in, __global float *out, __global float *out2)
{
    char c = (char)get_global_id(0);
    int k = get_global_id(0) - get_global_offset(0);
    out[k] = in[(int)c + 128];
    in[(int)c + 128] = (float)k;
    out2[k] = in[(short)c + 128] * 2.0f;
}
