// RUN: --kernel count --global 8 --local 8 --arg i32[8]=iota --arg u8[16]=zeros
// EXPECT: misaligned-access 8
// atomic_add on an int at byte offset 1 of the counters buffer.
__kernel void count(__global const int *in, __global uchar *counters)
{
    int i = get_global_id(0);
    __global int *c = (__global int *)(counters + 1);
    atomic_add(c, in[i]);
}
