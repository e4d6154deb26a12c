// RUN: --kernel lanes_mix --global 37,3 --local 37,1 --arg f32[111]=rand:1 --arg i32[111]=rand:2 --arg f32[111]=zeros --arg i32[111]=zeros --arg f32:1.75 --arg i32:5
// RUN: --kernel lanes_mix --global 24,2 --local 6,2 --arg f32[48]=rand:3 --arg i32[48]=rand:4 --arg f32[48]=zeros --arg i32[48]=zeros --arg f32:-0.5 --arg i32:-3
// RUN: --kernel lanes_mix --global 30,2 --local 10,2 --arg f32[60]=rand:3 --arg i32[60]=rand:4 --arg f32[60]=zeros --arg i32[60]=zeros --arg f32:2.0 --arg i32:7 --offset 2,1
// RUN: -O0 --kernel lanes_mix --global 37,3 --local 37,1 --arg f32[111]=rand:1 --arg i32[111]=rand:2 --arg f32[111]=zeros --arg i32[111]=zeros --arg f32:1.75 --arg i32:5
// Vectorisation across work-items: uniform values (arguments, get_global_id(1), loop
// counters) mixed with varying ones, work-group sizes that are not a multiple of the lane
// count (scalar remainder), a global offset, f32/i32 SIMD arithmetic, int<->float conversions.
__kernel void lanes_mix(__global const float *a, __global const int *b, __global float *out,
                  __global int *iout, float s, int k)
{
    int x = get_global_id(0) - get_global_offset(0);
    int y = get_global_id(1) - get_global_offset(1);
    int w = get_global_size(0);
    int i = y * w + x;
    float acc = s * (float)y;
    int iacc = k * y;
    for (int j = 0; j < 4; j++) {
        acc = acc * 0.5f + a[i] * (float)(j + 1) - (float)b[i] / 7.0f;
        iacc = (iacc ^ b[i]) + (x * j) - (k & j) | (y << j);
    }
    out[i] = fma(acc, s, sqrt(fabs(a[i]))) + (float)x;
    iout[i] = iacc * 3 - (int)(a[i] * 100.0f) + (int)get_local_id(0) * k;
}
