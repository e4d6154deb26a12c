// RUN: --kernel words --global 4 --local 4 --arg u8[24]=iota --arg u32[4]=zeros
// EXPECT: misaligned-access 16
// OCLGRIND-MISSES: Oclgrind does not check the alignment of plain loads
// A uint read through a byte pointer into __local memory moved by one: indexing a __local
// array by its own element type needs no alignment check (the variables start aligned),
// but a pointer cast from a byte offset keeps it.
__kernel void words(__global const uchar *bytes, __global uint *out)
{
    __local uchar staged[24];
    int i = get_global_id(0);
    for (int k = 0; k < 6; k++)
        staged[i * 6 + k] = bytes[i * 6 + k];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint w = 0;
    if (i < 3)
        w = ((__local const uint *)(staged + 1))[i];
    out[i] = w;
}
