// RUN: --kernel ratio --global 8 --local 8 --arg i32[8]=iota --arg i32[8]=zeros
// EXPECT: division-by-zero 8
// OCLGRIND-MISSES: Oclgrind does not check integer division (the divisor is d[0] = 0 of iota)
// Divides 100 by each element; the first element is 0.
__kernel void ratio(__global const int *d, __global int *out)
{
    int i = get_global_id(0);
    out[i] = 100 / d[i];
}
