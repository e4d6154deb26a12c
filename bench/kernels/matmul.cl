// BENCH: matmul_naive | --kernel matmul_naive --global 512,512 --local 16,16 --arg f32[262144]=rand:5 --arg f32[262144]=rand:6 --arg f32[262144]=zeros --arg i32:512
// BENCH: matmul_tiled | --kernel matmul_tiled --global 512,512 --local 16,16 --arg f32[262144]=rand:5 --arg f32[262144]=rand:6 --arg f32[262144]=zeros --arg i32:512
// BENCH-TINY: --kernel matmul_naive --global 16,16 --local 16,16 --arg f32[256]=rand:5 --arg f32[256]=rand:6 --arg f32[256]=zeros --arg i32:16
// BENCH-GPU: matmul_naive | --kernel matmul_naive --global 2048,2048 --local 16,16 --arg f32[4194304]=rand:5 --arg f32[4194304]=rand:6 --arg f32[4194304]=zeros --arg i32:2048
// BENCH-GPU: matmul_tiled | --kernel matmul_tiled --global 2048,2048 --local 16,16 --arg f32[4194304]=rand:5 --arg f32[4194304]=rand:6 --arg f32[4194304]=zeros --arg i32:2048
// TOLERANCE: 1e-4 1e-4
// C = A * B for n x n row-major matrices: naive, and with 16x16 tiles in __local memory.
__kernel void matmul_naive(__global const float *a, __global const float *b,
                           __global float *c, int n)
{
    int col = get_global_id(0);
    int row = get_global_id(1);
    float sum = 0.0f;
    for (int k = 0; k < n; k++)
        sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
}

#define TILE 16
__kernel void matmul_tiled(__global const float *a, __global const float *b,
                           __global float *c, int n)
{
    __local float ta[TILE][TILE];
    __local float tb[TILE][TILE];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        ta[ly][lx] = a[row * n + t + lx];
        tb[ly][lx] = b[(t + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; k++)
            sum += ta[ly][k] * tb[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = sum;
}
