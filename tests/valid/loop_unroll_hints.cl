// Loop-unrolling requests clang accepts: #pragma unroll with and without a count,
// #pragma nounroll, #pragma clang loop, and the opencl_unroll_hint attribute.
kernel void k(global int *out, int n) {
#pragma unroll
    for (int i = 0; i < 4; i++)
        out[i] = i;
#pragma unroll 2
    for (int i = 0; i < n; i++)
        out[i] += i;
#pragma unroll(3)
    for (int i = 0; i < n; i++)
        out[i] += 1;
#pragma nounroll
    for (int i = 0; i < n; i++)
        out[i] += 2;
#pragma clang loop unroll_count(4)
    for (int i = 0; i < n; i++)
        out[i] += 3;
    int j = 0;
#pragma unroll 2
    while (j < n) {
        out[j] *= 2;
        j++;
    }
    __attribute__((opencl_unroll_hint(2))) for (int i = 0; i < n; i++)
        out[i] -= 1;
    __attribute__((opencl_unroll_hint)) do {
        out[j] = 0;
    } while (--j > 0);
}
