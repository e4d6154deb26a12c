// RUN: --kernel horner --global 256 --local 64 --arg f32[256]=randu:641:-2:2 --arg f32[256]=zeros --arg f32[256]=zeros
// TOLERANCE: 1e-5 1e-5
// OpenCL C's default `FP_CONTRACT ON`: a * b + c within one expression may be fused
// (oclc's Vulkan SPIR-V emits GLSL.std.450 Fma, clang may emit fmuladd), so results may
// differ in the last bits; compared with a tolerance. Horner's rule for a polynomial, and
// `x * y - x * y`, which is 0 unfused or the product's rounding error fused.
#pragma OPENCL FP_CONTRACT ON

__kernel void horner(__global const float *a, __global float *poly, __global float *diff)
{
    int i = get_global_id(0);
    float x = a[i];
    poly[i] = ((((0.25f * x - 0.5f) * x + 1.0f) * x - 2.0f) * x + 3.0f) * x - 1.0f;
    float y = x * 3.1f;
    diff[i] = x * y - x * y;
}
