// BENCH: saxpy4 | --kernel saxpy4 --global 1048576 --local 256 --arg f32:2.5 --arg f32x4[1048576]=rand:1 --arg f32x4[1048576]=rand:2 --arg f32x4[1048576]=zeros
// BENCH-TINY: --kernel saxpy4 --global 256 --local 256 --arg f32:2.5 --arg f32x4[256]=rand:1 --arg f32x4[256]=rand:2 --arg f32x4[256]=zeros
// BENCH-GPU: saxpy4 | --kernel saxpy4 --global 16777216 --local 256 --arg f32:2.5 --arg f32x4[16777216]=rand:1 --arg f32x4[16777216]=rand:2 --arg f32x4[16777216]=zeros
// saxpy written with explicit vectors: each work-item's float4 of x, y and z.
__kernel void saxpy4(float a, __global const float4 *x, __global const float4 *y, __global float4 *z)
{
    size_t i = get_global_id(0);
    z[i] = a * x[i] + y[i];
}
