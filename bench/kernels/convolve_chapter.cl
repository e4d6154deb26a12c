// BENCH: ch_Convolve_3 | --kernel Convolve --global 1024,1024 --local 16,16 --arg f32[1052676]=rand:1 --arg f32[9]=rand:2 --arg f32[1048576]=zeros --arg i32:1026 --arg i32:1024 --arg i32:1024 --arg i32:3
// BENCH: ch_ConvolveUnroll_3 | --kernel ConvolveUnroll --global 1024,1024 --local 16,16 --arg f32[1052676]=rand:1 --arg f32[9]=rand:2 --arg f32[1048576]=zeros --arg i32:1026 --arg i32:1024 --arg i32:1024 --arg i32:3
// BENCH: ch_DefConvolve_3 | -DFILTER_WIDTH=3 --kernel DefConvolve --global 1024,1024 --local 16,16 --arg f32[1052676]=rand:1 --arg f32[9]=rand:2 --arg f32[1048576]=zeros --arg i32:1026 --arg i32:1024 --arg i32:1024 --arg i32:3
// BENCH: ch_ConvolveFloat4_3 | --kernel ConvolveFloat4 --global 1024,1024 --local 16,16 --arg f32[1052676]=rand:1 --arg f32[9]=rand:2 --arg f32[1048576]=zeros --arg i32:1026 --arg i32:1024 --arg i32:1024 --arg i32:3
// BENCH: ch_DefFloat4_3 | -DFILTER_WIDTH=3 --kernel DefFloat4 --global 1024,1024 --local 16,16 --arg f32[1052676]=rand:1 --arg f32[9]=rand:2 --arg f32[1048576]=zeros --arg i32:1026 --arg i32:1024 --arg i32:1024 --arg i32:3
// BENCH: ch_Convolve_5 | --kernel Convolve --global 1024,1024 --local 16,16 --arg f32[1056784]=rand:1 --arg f32[25]=rand:2 --arg f32[1048576]=zeros --arg i32:1028 --arg i32:1024 --arg i32:1024 --arg i32:5
// BENCH: ch_ConvolveUnroll_5 | --kernel ConvolveUnroll --global 1024,1024 --local 16,16 --arg f32[1056784]=rand:1 --arg f32[25]=rand:2 --arg f32[1048576]=zeros --arg i32:1028 --arg i32:1024 --arg i32:1024 --arg i32:5
// BENCH: ch_DefConvolve_5 | -DFILTER_WIDTH=5 --kernel DefConvolve --global 1024,1024 --local 16,16 --arg f32[1056784]=rand:1 --arg f32[25]=rand:2 --arg f32[1048576]=zeros --arg i32:1028 --arg i32:1024 --arg i32:1024 --arg i32:5
// BENCH: ch_ConvolveFloat4_5 | --kernel ConvolveFloat4 --global 1024,1024 --local 16,16 --arg f32[1056784]=rand:1 --arg f32[25]=rand:2 --arg f32[1048576]=zeros --arg i32:1028 --arg i32:1024 --arg i32:1024 --arg i32:5
// BENCH: ch_DefFloat4_5 | -DFILTER_WIDTH=5 --kernel DefFloat4 --global 1024,1024 --local 16,16 --arg f32[1056784]=rand:1 --arg f32[25]=rand:2 --arg f32[1048576]=zeros --arg i32:1028 --arg i32:1024 --arg i32:1024 --arg i32:5
// BENCH: ch_Convolve_8 | --kernel Convolve --global 1024,1024 --local 16,16 --arg f32[1062961]=rand:1 --arg f32[64]=rand:2 --arg f32[1048576]=zeros --arg i32:1031 --arg i32:1024 --arg i32:1024 --arg i32:8
// BENCH: ch_ConvolveUnroll_8 | --kernel ConvolveUnroll --global 1024,1024 --local 16,16 --arg f32[1062961]=rand:1 --arg f32[64]=rand:2 --arg f32[1048576]=zeros --arg i32:1031 --arg i32:1024 --arg i32:1024 --arg i32:8
// BENCH: ch_DefConvolve_8 | -DFILTER_WIDTH=8 --kernel DefConvolve --global 1024,1024 --local 16,16 --arg f32[1062961]=rand:1 --arg f32[64]=rand:2 --arg f32[1048576]=zeros --arg i32:1031 --arg i32:1024 --arg i32:1024 --arg i32:8
// BENCH: ch_ConvolveFloat4_8 | --kernel ConvolveFloat4 --global 1024,1024 --local 16,16 --arg f32[1062961]=rand:1 --arg f32[64]=rand:2 --arg f32[1048576]=zeros --arg i32:1031 --arg i32:1024 --arg i32:1024 --arg i32:8
// BENCH: ch_DefFloat4_8 | -DFILTER_WIDTH=8 --kernel DefFloat4 --global 1024,1024 --local 16,16 --arg f32[1062961]=rand:1 --arg f32[64]=rand:2 --arg f32[1048576]=zeros --arg i32:1031 --arg i32:1024 --arg i32:1024 --arg i32:8
// BENCH: ch_Convolve_16 | --kernel Convolve --global 1024,1024 --local 16,16 --arg f32[1079521]=rand:1 --arg f32[256]=rand:2 --arg f32[1048576]=zeros --arg i32:1039 --arg i32:1024 --arg i32:1024 --arg i32:16
// BENCH: ch_ConvolveUnroll_16 | --kernel ConvolveUnroll --global 1024,1024 --local 16,16 --arg f32[1079521]=rand:1 --arg f32[256]=rand:2 --arg f32[1048576]=zeros --arg i32:1039 --arg i32:1024 --arg i32:1024 --arg i32:16
// BENCH: ch_DefConvolve_16 | -DFILTER_WIDTH=16 --kernel DefConvolve --global 1024,1024 --local 16,16 --arg f32[1079521]=rand:1 --arg f32[256]=rand:2 --arg f32[1048576]=zeros --arg i32:1039 --arg i32:1024 --arg i32:1024 --arg i32:16
// BENCH: ch_ConvolveFloat4_16 | --kernel ConvolveFloat4 --global 1024,1024 --local 16,16 --arg f32[1079521]=rand:1 --arg f32[256]=rand:2 --arg f32[1048576]=zeros --arg i32:1039 --arg i32:1024 --arg i32:1024 --arg i32:16
// BENCH: ch_DefFloat4_16 | -DFILTER_WIDTH=16 --kernel DefFloat4 --global 1024,1024 --local 16,16 --arg f32[1079521]=rand:1 --arg f32[256]=rand:2 --arg f32[1048576]=zeros --arg i32:1039 --arg i32:1024 --arg i32:1024 --arg i32:16
// BENCH-TINY: --kernel Convolve --global 16,16 --local 16,16 --arg f32[400]=rand:1 --arg f32[25]=rand:2 --arg f32[256]=zeros --arg i32:20 --arg i32:16 --arg i32:16 --arg i32:5
// BENCH-GPU: ch_Convolve_3 | --kernel Convolve --global 8192,8192 --local 16,16 --arg f32[67141636]=rand:1 --arg f32[9]=rand:2 --arg f32[67108864]=zeros --arg i32:8194 --arg i32:8192 --arg i32:8192 --arg i32:3
// BENCH-GPU: ch_ConvolveUnroll_3 | --kernel ConvolveUnroll --global 8192,8192 --local 16,16 --arg f32[67141636]=rand:1 --arg f32[9]=rand:2 --arg f32[67108864]=zeros --arg i32:8194 --arg i32:8192 --arg i32:8192 --arg i32:3
// BENCH-GPU: ch_DefConvolve_3 | -DFILTER_WIDTH=3 --kernel DefConvolve --global 8192,8192 --local 16,16 --arg f32[67141636]=rand:1 --arg f32[9]=rand:2 --arg f32[67108864]=zeros --arg i32:8194 --arg i32:8192 --arg i32:8192 --arg i32:3
// BENCH-GPU: ch_ConvolveFloat4_3 | --kernel ConvolveFloat4 --global 8192,8192 --local 16,16 --arg f32[67141636]=rand:1 --arg f32[9]=rand:2 --arg f32[67108864]=zeros --arg i32:8194 --arg i32:8192 --arg i32:8192 --arg i32:3
// BENCH-GPU: ch_DefFloat4_3 | -DFILTER_WIDTH=3 --kernel DefFloat4 --global 8192,8192 --local 16,16 --arg f32[67141636]=rand:1 --arg f32[9]=rand:2 --arg f32[67108864]=zeros --arg i32:8194 --arg i32:8192 --arg i32:8192 --arg i32:3
// BENCH-GPU: ch_Convolve_5 | --kernel Convolve --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// BENCH-GPU: ch_ConvolveUnroll_5 | --kernel ConvolveUnroll --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// BENCH-GPU: ch_DefConvolve_5 | -DFILTER_WIDTH=5 --kernel DefConvolve --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// BENCH-GPU: ch_ConvolveFloat4_5 | --kernel ConvolveFloat4 --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// BENCH-GPU: ch_DefFloat4_5 | -DFILTER_WIDTH=5 --kernel DefFloat4 --global 8192,8192 --local 16,16 --arg f32[67174416]=rand:1 --arg f32[25]=rand:2 --arg f32[67108864]=zeros --arg i32:8196 --arg i32:8192 --arg i32:8192 --arg i32:5
// BENCH-GPU: ch_Convolve_8 | --kernel Convolve --global 8192,8192 --local 16,16 --arg f32[67223601]=rand:1 --arg f32[64]=rand:2 --arg f32[67108864]=zeros --arg i32:8199 --arg i32:8192 --arg i32:8192 --arg i32:8
// BENCH-GPU: ch_ConvolveUnroll_8 | --kernel ConvolveUnroll --global 8192,8192 --local 16,16 --arg f32[67223601]=rand:1 --arg f32[64]=rand:2 --arg f32[67108864]=zeros --arg i32:8199 --arg i32:8192 --arg i32:8192 --arg i32:8
// BENCH-GPU: ch_DefConvolve_8 | -DFILTER_WIDTH=8 --kernel DefConvolve --global 8192,8192 --local 16,16 --arg f32[67223601]=rand:1 --arg f32[64]=rand:2 --arg f32[67108864]=zeros --arg i32:8199 --arg i32:8192 --arg i32:8192 --arg i32:8
// BENCH-GPU: ch_ConvolveFloat4_8 | --kernel ConvolveFloat4 --global 8192,8192 --local 16,16 --arg f32[67223601]=rand:1 --arg f32[64]=rand:2 --arg f32[67108864]=zeros --arg i32:8199 --arg i32:8192 --arg i32:8192 --arg i32:8
// BENCH-GPU: ch_DefFloat4_8 | -DFILTER_WIDTH=8 --kernel DefFloat4 --global 8192,8192 --local 16,16 --arg f32[67223601]=rand:1 --arg f32[64]=rand:2 --arg f32[67108864]=zeros --arg i32:8199 --arg i32:8192 --arg i32:8192 --arg i32:8
// BENCH-GPU: ch_Convolve_16 | --kernel Convolve --global 8192,8192 --local 16,16 --arg f32[67354849]=rand:1 --arg f32[256]=rand:2 --arg f32[67108864]=zeros --arg i32:8207 --arg i32:8192 --arg i32:8192 --arg i32:16
// BENCH-GPU: ch_ConvolveUnroll_16 | --kernel ConvolveUnroll --global 8192,8192 --local 16,16 --arg f32[67354849]=rand:1 --arg f32[256]=rand:2 --arg f32[67108864]=zeros --arg i32:8207 --arg i32:8192 --arg i32:8192 --arg i32:16
// BENCH-GPU: ch_DefConvolve_16 | -DFILTER_WIDTH=16 --kernel DefConvolve --global 8192,8192 --local 16,16 --arg f32[67354849]=rand:1 --arg f32[256]=rand:2 --arg f32[67108864]=zeros --arg i32:8207 --arg i32:8192 --arg i32:8192 --arg i32:16
// BENCH-GPU: ch_ConvolveFloat4_16 | --kernel ConvolveFloat4 --global 8192,8192 --local 16,16 --arg f32[67354849]=rand:1 --arg f32[256]=rand:2 --arg f32[67108864]=zeros --arg i32:8207 --arg i32:8192 --arg i32:8192 --arg i32:16
// BENCH-GPU: ch_DefFloat4_16 | -DFILTER_WIDTH=16 --kernel DefFloat4 --global 8192,8192 --local 16,16 --arg f32[67354849]=rand:1 --arg f32[256]=rand:2 --arg f32[67108864]=zeros --arg i32:8207 --arg i32:8192 --arg i32:8192 --arg i32:16
// TOLERANCE: 1e-4 1e-5
// The case study of the OpenCL optimization chapter (seed 001, section 7.1): the plain
// Convolve kernel and the variants the chapter derives from it by hand — the inner loop
// unrolled four times (ConvolveUnroll), the filter width as a compile-time invariant
// (DefConvolve, -DFILTER_WIDTH=w), and float4 vector arithmetic (ConvolveFloat4, DefFloat4).
// The compiler's job is to make the plain kernel as fast as the hand-written variants that
// have the same information (issue 15). Output 1024x1024, filter widths 3, 5, 8 and 16.

#ifndef FILTER_WIDTH
#define FILTER_WIDTH 5
#endif

__kernel void Convolve(__global float *input, __constant float *filter,
                       __global float *output, int inWidth, int width, int height,
                       int filterWidth)
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

__kernel void ConvolveUnroll(__global float *input, __constant float *filter,
                             __global float *output, int inWidth, int width, int height,
                             int filterWidth)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    int xInTopLeft = xOut; int yInTopLeft = yOut;
    float sum = 0;
    for (int r = 0; r < filterWidth; r++) {
        int idxFtmp = r * filterWidth;
        int yIn = yInTopLeft + r;
        int idxIntmp = yIn * inWidth + xInTopLeft;
        int c = 0;
        while (c <= filterWidth-4) {
            sum += filter[idxFtmp+c] *input[idxIntmp+c];
            sum += filter[idxFtmp+c+1]*input[idxIntmp+c+1];
            sum += filter[idxFtmp+c+2]*input[idxIntmp+c+2];
            sum += filter[idxFtmp+c+3]*input[idxIntmp+c+3];
            c += 4;
        }
        for (int c1 = c; c1 < filterWidth; c1++)
            sum += filter[idxFtmp+c1]*input[idxIntmp+c1];
    }
    int idxOut = yOut * width + xOut;
    output[idxOut] = sum;
}

__kernel void DefConvolve(__global float *input, __constant float *filter,
                          __global float *output, int inWidth, int width, int height,
                          int filterWidth)
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

__kernel void ConvolveFloat4(__global float *input, __constant float *filter,
                             __global float *output, int inWidth, int width, int height,
                             int filterWidth)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    int xInTopLeft = xOut; int yInTopLeft = yOut;
    float4 sum4 = 0;
    for (int r = 0; r < filterWidth; r++) {
        int idxFtmp = r * filterWidth;
        int yIn = yInTopLeft + r;
        int idxIntmp = yIn * inWidth + xInTopLeft;
        int c = 0; int c4 = 0;
        while (c <= filterWidth-4) {
            float4 filter4 = vload4(c4, filter+idxFtmp);
            float4 in4     = vload4(c4, input +idxIntmp);
            sum4 += in4 * filter4;
            c += 4; c4++;
        }
        for (int c1 = c; c1 < filterWidth; c1++)
            sum4.x += filter[idxFtmp+c1]*input[idxIntmp+c1];
    }
    int idxOut = yOut * width + xOut;
    output[idxOut] = sum4.x + sum4.y + sum4.z + sum4.w;
}

__kernel void DefFloat4(__global float *input, __constant float *filter,
                        __global float *output, int inWidth, int width, int height,
                        int filterWidth)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    int xInTopLeft = xOut; int yInTopLeft = yOut;
    float4 sum4 = 0;
    for (int r = 0; r < FILTER_WIDTH; r++) {
        int idxFtmp = r * FILTER_WIDTH;
        int yIn = yInTopLeft + r;
        int idxIntmp = yIn * inWidth + xInTopLeft;
        int c = 0; int c4 = 0;
        while (c <= FILTER_WIDTH-4) {
            float4 filter4 = vload4(c4, filter+idxFtmp);
            float4 in4     = vload4(c4, input +idxIntmp);
            sum4 += in4 * filter4;
            c += 4; c4++;
        }
        for (int c1 = c; c1 < FILTER_WIDTH; c1++)
            sum4.x += filter[idxFtmp+c1]*input[idxIntmp+c1];
    }
    int idxOut = yOut * width + xOut;
    output[idxOut] = sum4.x + sum4.y + sum4.z + sum4.w;
}
