// RUN: --kernel words --global 4 --local 4 --arg u8[24]=iota --arg u32[4]=zeros
// EXPECT: misaligned-access 10
// OCLGRIND-MISSES: Oclgrind does not check the alignment of plain loads
// A uint read through a byte pointer moved by one: indexing a buffer by its own element
// type needs no alignment check (buffers start aligned), but a pointer cast from a byte
// offset keeps it.
__kernel void words(__global const uchar *bytes, __global uint *out)
{
    int i = get_global_id(0);
    out[i] = ((__global const uint *)(bytes + 1))[i];
}
