// RUN: --kernel k --global 8 --local 8 --arg i32[8]=iota --arg i32[8]=zeros
// Helpers returning pointers into __local, __global and __constant memory: the address
// space in the specifiers qualifies the returned pointer's pointee (clang accepts these).
__constant int table[4] = {10, 20, 30, 40};

__local int *next_local(__local int *p) { return p + 1; }
__global int *back_global(__global int *p, int k) { return p - k; }
__constant int *entry(int i) { return table + (i & 3); }

__kernel void k(__global const int *in, __global int *out)
{
    __local int l[9];
    int i = get_local_id(0);
    l[i] = in[i] * 3;
    if (i == 0)
        l[8] = 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    __global int *o = back_global(out + 4, 4);
    o[i] = *next_local(&l[i]) + *entry(i);
}
