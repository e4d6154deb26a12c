// RUN: --kernel scale --global 8 --local 8 --arg i32[8]=iota --arg i32[8]=zeros
// EXPECT: uninitialised-read 15
// OCLGRIND-MISSES: Oclgrind's front end folds the unwritten value away (factor becomes 3 for every work-item)
// CLANG-CONFIRMS: -Wsometimes-uninitialized
// `factor` is set only for even inputs; odd work-items read it unwritten.
__kernel void scale(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int factor;
    int v = in[i];
    if (v % 2 == 0)
        factor = 3;
    else
        v = v + 1;
    out[i] = v * factor;
}
