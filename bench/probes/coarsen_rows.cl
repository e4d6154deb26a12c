// Work-item coarsening by hand, to measure what a compiler pass could gain on the
// optimisation chapter's convolutions (bench/kernels/convolve_chapter.cl) on a GPU: each
// work-item of DefConvolve2/Convolve2 computes two output rows (y0 = 2 * gid1 and y0 + 1)
// with the row loops jammed, so every input value is loaded once for both rows: rows
// y0 .. y0 + F, row r feeding output 0 with filter row r and output 1 with filter row r - 1.
// Launch the *2 kernels with half the global size in dimension 1. Run by
// scripts/gpu-coarsen-probe.sh on the GPU machine (results: bench/results/middle-end-gpu.txt).
#ifndef FILTER_WIDTH
#define FILTER_WIDTH 8
#endif
__kernel void DefConvolve(__global float *input, __constant float *filter,
                          __global float *output, int inWidth, int width, int height, int filterWidth)
{
    int yOut = get_global_id(1), xOut = get_global_id(0);
    float sum = 0;
    for (int r = 0; r < FILTER_WIDTH; r++) {
        int idxFtmp = r * FILTER_WIDTH;
        int idxIntmp = (yOut + r) * inWidth + xOut;
        for (int c = 0; c < FILTER_WIDTH; c++)
            sum += filter[idxFtmp + c] * input[idxIntmp + c];
    }
    output[yOut * width + xOut] = sum;
}

__kernel void DefConvolve2(__global float *input, __constant float *filter,
                           __global float *output, int inWidth, int width, int height, int filterWidth)
{
    int y0 = 2 * get_global_id(1), xOut = get_global_id(0);
    float sum0 = 0, sum1 = 0;
    for (int r = 0; r <= FILTER_WIDTH; r++) {
        int idxIntmp = (y0 + r) * inWidth + xOut;
        for (int c = 0; c < FILTER_WIDTH; c++) {
            float v = input[idxIntmp + c];
            if (r < FILTER_WIDTH) sum0 += filter[r * FILTER_WIDTH + c] * v;
            if (r > 0) sum1 += filter[(r - 1) * FILTER_WIDTH + c] * v;
        }
    }
    output[y0 * width + xOut] = sum0;
    output[(y0 + 1) * width + xOut] = sum1;
}

__kernel void Convolve(__global float *input, __constant float *filter,
                       __global float *output, int inWidth, int width, int height, int filterWidth)
{
    int yOut = get_global_id(1), xOut = get_global_id(0);
    float sum = 0;
    for (int r = 0; r < filterWidth; r++) {
        int idxFtmp = r * filterWidth;
        int idxIntmp = (yOut + r) * inWidth + xOut;
        for (int c = 0; c < filterWidth; c++)
            sum += filter[idxFtmp + c] * input[idxIntmp + c];
    }
    output[yOut * width + xOut] = sum;
}

__kernel void Convolve2(__global float *input, __constant float *filter,
                        __global float *output, int inWidth, int width, int height, int filterWidth)
{
    int y0 = 2 * get_global_id(1), xOut = get_global_id(0);
    float sum0 = 0, sum1 = 0;
    for (int r = 0; r <= filterWidth; r++) {
        int idxIntmp = (y0 + r) * inWidth + xOut;
        for (int c = 0; c < filterWidth; c++) {
            float v = input[idxIntmp + c];
            if (r < filterWidth) sum0 += filter[r * filterWidth + c] * v;
            if (r > 0) sum1 += filter[(r - 1) * filterWidth + c] * v;
        }
    }
    output[y0 * width + xOut] = sum0;
    output[(y0 + 1) * width + xOut] = sum1;
}
