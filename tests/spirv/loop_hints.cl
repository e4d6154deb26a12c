// RUN-OPTIONS: -O0
// Unrolling requests the compiler leaves to the consumer reach it in OpLoopMerge (at -O0
// oclc unrolls nothing itself): `#pragma nounroll` as DontUnroll, `#pragma unroll` as
// Unroll; a loop without a request has no loop control (None).
// CHECK: DontUnroll
// CHECK: None
__kernel void hints(__global int *out, int n)
{
    int acc = 0;
    #pragma nounroll
    for (int i = 0; i < 8; i++)
        acc += out[i] * i;
    #pragma unroll
    for (int j = 0; j < n; j++)
        acc ^= out[j + 8];
    for (int k = 0; k < n; k++)
        acc += k;
    out[0] = acc;
}
