// BENCH: convolve_5x5 | --kernel Convolve --global 2048,2048 --local 16,16 --arg f32[4210704]=rand:1 --arg f32[25]=rand:2 --arg f32[4194304]=zeros --arg i32:2052 --arg i32:2048 --arg i32:2048 --arg i32:5
// BENCH: convolve_def5 | -DFILTER_WIDTH=5 --kernel DefConvolve --global 2048,2048 --local 16,16 --arg f32[4210704]=rand:1 --arg f32[25]=rand:2 --arg f32[4194304]=zeros --arg i32:2052 --arg i32:2048 --arg i32:2048 --arg i32:5
// BENCH-TINY: --kernel Convolve --global 16,16 --local 16,16 --arg f32[400]=rand:1 --arg f32[25]=rand:2 --arg f32[256]=zeros --arg i32:20 --arg i32:16 --arg i32:16 --arg i32:5
// BENCH-GPU: convolve_5x5 | --kernel Convolve --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// BENCH-GPU: convolve_def5 | -DFILTER_WIDTH=5 --kernel DefConvolve --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// The convolution kernel of the OpenCL optimization chapter (seed 001), and its variant with
// the filter width as a compile-time invariant.
__kernel void Convolve(__global float * input,
                      __constant float * filter, __global float * output,
                      int inWidth, int width, int height, int filterWidth)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    int xInTopLeft = xOut; int yInTopLeft = yOut;
    float sum = 0;
    for (int r = 0; r < filterWidth; r++) {
        int idxFtmp = r * filterWidth;
        int yIn = yInTopLeft + r;
        int idxIntmp = yIn * inWidth + xInTopLeft;
        for (int c = 0; c < filterWidth; c++)
            sum += filter[idxFtmp+c]*input[idxIntmp+c];
    }
    int idxOut = yOut * width + xOut;
    output[idxOut] = sum;
}

#ifndef FILTER_WIDTH
#define FILTER_WIDTH 5
#endif

__kernel void DefConvolve(__global float * input,
                      __constant float * filter, __global float * output,
                      int inWidth, int width, int height, int filterWidth)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    int xInTopLeft = xOut; int yInTopLeft = yOut;
    float sum = 0;
    for (int r = 0; r < FILTER_WIDTH; r++) {
        int idxFtmp = r * FILTER_WIDTH;
        int yIn = yInTopLeft + r;
        int idxIntmp = yIn * inWidth + xInTopLeft;
        for (int c = 0; c < FILTER_WIDTH; c++)
            sum += filter[idxFtmp+c]*input[idxIntmp+c];
    }
    int idxOut = yOut * width + xOut;
    output[idxOut] = sum;
}
