// RUN: --kernel product_difference --global 256 --local 64 --arg f32[256]=randu:631:-100:100 --arg f32[256]=randu:632:-100:100 --arg f32[512]=zeros
// TOLERANCE: 0 0
// With `#pragma OPENCL FP_CONTRACT OFF` no a * b + c may become an fma: `x * y - x * y` is
// exactly 0 on every target (fused, it would be the rounding error of the product), and
// `x * y + z` is the rounded product plus z.
#pragma OPENCL FP_CONTRACT OFF

__kernel void product_difference(__global const float *a, __global const float *b,
                                 __global float *out)
{
    int i = get_global_id(0);
    float x = a[i];
    float y = b[i];
    out[2 * i] = x * y - x * y;
    out[2 * i + 1] = x * y + (1.0f / 3.0f);
}
