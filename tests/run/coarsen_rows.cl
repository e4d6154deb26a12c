// RUN: --kernel conv --global 32,16 --local 8,4 --arg f32[960]=randu:71:-1:1 --arg f32[64]=randu:72:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:3
// RUN: --kernel conv --global 32,14 --local 8,7 --arg f32[960]=randu:73:-1:1 --arg f32[64]=randu:74:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:5
// RUN: --kernel conv --global 32,10 --local 8,2 --offset 4,3 --arg f32[1040]=randu:75:-1:1 --arg f32[64]=randu:76:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:8
// RUN: --kernel conv --global 32,9 --local 8,3 --arg f32[960]=randu:77:-1:1 --arg f32[64]=randu:78:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:8
// RUN: --kernel conv --global 32,6 --local 8,2 --arg f32[960]=randu:79:-1:1 --arg f32[64]=randu:80:-1:1 --arg f32[512]=fill:1 --arg i32:40 --arg i32:32 --arg i32:0
// RUN: --kernel conv --global 32,6 --local 8,2 --arg f32[960]=randu:81:-1:1 --arg f32[64]=randu:82:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:1
// RUN: --kernel conv_by4 --global 32,12 --local 8,6 --arg f32[960]=randu:83:-1:1 --arg f32[64]=randu:84:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:5
// RUN: --kernel conv_by4 --global 32,8 --local 8,4 --arg f32[960]=randu:85:-1:1 --arg f32[64]=randu:86:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:8
// RUN: --kernel conv_float4 --global 32,16 --local 8,4 --arg f32[960]=randu:87:-1:1 --arg f32[64]=randu:88:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:3
// RUN: --kernel conv_float4 --global 32,16 --local 8,8 --arg f32[960]=randu:89:-1:1 --arg f32[64]=randu:90:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32 --arg i32:8
// RUN: --kernel conv3 --global 32,16 --local 8,4 --arg f32[960]=randu:91:-1:1 --arg f32[9]=randu:92:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32
// RUN: --kernel conv3 --global 32,6 --local 32,1 --offset 0,5 --arg f32[960]=randu:93:-1:1 --arg f32[9]=randu:94:-1:1 --arg f32[512]=zeros --arg i32:40 --arg i32:32
// RUN: --kernel mirrored --global 16,8 --local 4,2 --arg f32[256]=randu:95:-1:1 --arg f32[128]=zeros
// RUN: --kernel mirrored --global 16,12 --local 16,3 --offset 0,2 --arg f32[256]=randu:96:-1:1 --arg f32[256]=zeros
// RUN: --kernel accumulate --global 16,8 --local 4,4 --arg f32[256]=randu:97:-1:1 --arg f32[128]=randu:98:-1:1
// RUN: --kernel matmul --global 16,12 --local 4,6 --arg f32[256]=randu:99:-1:1 --arg f32[256]=randu:100:-1:1 --arg f32[256]=zeros --arg i32:16
// RUN: --kernel staircase --global 8,8 --local 4,2 --arg f32[16]=randu:101:-1:1 --arg f32[96]=randu:102:-1:1 --arg f32[64]=zeros --arg i32:12 --arg i32:8
// RUN: --kernel guarded --global 16,8 --local 4,2 --arg f32[160]=randu:103:-1:1 --arg f32[128]=zeros --arg i32:16 --arg i32:8
// RUN: --kernel guarded --global 16,6 --local 16,3 --offset 0,1 --arg f32[160]=randu:104:-1:1 --arg f32[128]=zeros --arg i32:16 --arg i32:7
// RUN: --kernel shaded --global 16,8 --local 8,4 --arg f32[160]=randu:105:-1:1 --arg f32[128]=zeros --arg i32:16
// RUN: --kernel rewrite --global 16,8 --local 4,2 --arg f32[160]=randu:106:-1:1 --arg f32[128]=randu:107:-1:1 --arg i32:16
// RUN: --kernel blur_image --global 16,8 --local 4,2 --arg image2d:rgba:f32[16,8]=randu:108:0:1 --arg image2d:rgba:f32[16,8]=zeros
// RUN: --kernel blur_image --global 12,7 --local 4,7 --arg image2d:rgba:f32[12,7]=randu:109:0:1 --arg image2d:rgba:f32[12,7]=zeros
// RUN: --kernel image_rows --global 16,8 --local 8,2 --arg image2d:rgba:f32[16,8]=randu:110:0:1 --arg f32x4[128]=zeros --arg i32:16 --arg i32:4
// RUN: --kernel image_rows --global 16,10 --local 16,2 --offset 0,3 --arg image2d:rgba:f32[16,13]=randu:111:0:1 --arg f32x4[208]=zeros --arg i32:16 --arg i32:3
// TOLERANCE: 1e-5 1e-5
// Kernels whose neighbouring rows of work-items read the same input rows: on Vulkan, at -O2,
// `opt::coarsen_rows` gives them a two-row variant that the launch selects when the global
// size in y is even (the others here are odd, offset, or of filter widths 0 and 1, where the
// rows' loops run no or one iteration in lockstep).

// The optimisation chapter's Convolve: a run-time filter width, rows y .. y + F - 1.
__kernel void conv(__global const float *in, __constant float *filter, __global float *out,
                   int inWidth, int width, int F)
{
    int y = get_global_id(1), x = get_global_id(0);
    float sum = 0;
    for (int r = 0; r < F; r++) {
        int rowIn = (y + r) * inWidth + x;
        for (int c = 0; c < F; c++)
            sum += filter[r * F + c] * in[rowIn + c];
    }
    out[y * width + x] = sum;
}

// ConvolveUnroll's shape: the columns four at a time, then the rest.
__kernel void conv_by4(__global const float *in, __constant float *filter, __global float *out,
                       int inWidth, int width, int F)
{
    int y = get_global_id(1), x = get_global_id(0);
    float sum = 0;
    for (int r = 0; r < F; r++) {
        int rowIn = (y + r) * inWidth + x;
        int c = 0;
        while (c <= F - 4) {
            sum += filter[r * F + c] * in[rowIn + c];
            sum += filter[r * F + c + 1] * in[rowIn + c + 1];
            sum += filter[r * F + c + 2] * in[rowIn + c + 2];
            sum += filter[r * F + c + 3] * in[rowIn + c + 3];
            c += 4;
        }
        for (int c1 = c; c1 < F; c1++)
            sum += filter[r * F + c1] * in[rowIn + c1];
    }
    out[y * width + x] = sum;
}

// ConvolveFloat4's shape: vload4 of the filter and the input.
__kernel void conv_float4(__global const float *in, __constant float *filter, __global float *out,
                          int inWidth, int width, int F)
{
    int y = get_global_id(1), x = get_global_id(0);
    float4 sum4 = 0;
    for (int r = 0; r < F; r++) {
        int rowF = r * F, rowIn = (y + r) * inWidth + x;
        int c = 0, c4 = 0;
        while (c <= F - 4) {
            sum4 += vload4(c4, in + rowIn) * vload4(c4, filter + rowF);
            c += 4;
            c4++;
        }
        for (int c1 = c; c1 < F; c1++)
            sum4.x += filter[rowF + c1] * in[rowIn + c1];
    }
    out[y * width + x] = sum4.x + sum4.y + sum4.z + sum4.w;
}

// DefConvolve at a compile-time width of 3: loop-free after full unrolling.
__kernel void conv3(__global const float *in, __constant float *filter, __global float *out,
                    int inWidth, int width)
{
    int y = get_global_id(1), x = get_global_id(0);
    float sum = 0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            sum += filter[r * 3 + c] * in[(y + r) * inWidth + x + c];
    out[y * width + x] = sum;
}

// Reads the global size and offset in y: both keep the launch's values in the variant.
__kernel void mirrored(__global const float *in, __global float *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    int h = get_global_size(1) + get_global_offset(1), w = get_global_size(0);
    out[y * w + x] = in[(h - 1 - y) * w + x] + in[(h - y) * w + x] + (float)get_global_offset(1);
}

// Stores, then reads back its own element and a neighbour row's input.
__kernel void accumulate(__global const float *in, __global float *acc)
{
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    acc[y * w + x] += in[y * w + x];
    acc[y * w + x] = acc[y * w + x] * 0.5f + in[(y + 1) * w + x];
}

// A row-major matrix product: the rows share B's loads, with the k loops in step.
__kernel void matmul(__global const float *a, __global const float *b, __global float *c, int n)
{
    int col = get_global_id(0), row = get_global_id(1);
    float sum = 0.0f;
    for (int k = 0; k < n; k++)
        sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
}

// A loop bounded by the row (the rows leave it at different iterations), then a loop over
// rows of b that starts where the first stopped: the rows' second loops are not in step.
__kernel void staircase(__global const float *a, __global const float *b, __global float *out,
                        int n, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0;
    int k;
    for (k = 0; k < y; k++)
        acc += a[k];
    for (int j = k; j < n; j++)
        acc += b[j * w + x];
    out[y * w + x] = acc;
}

// Row 0 reads the next row only inside a branch (the ternary's private variable has its
// address taken there); row 1 has loaded that row already, before the branch.
__kernel void guarded(__global const float *in, __global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    float a = in[y * w + x];
    float b = y + 1 < h ? in[(y + 1) * w + x] : 0.0f;
    out[y * w + x] = a - 2.0f * b;
}

// A helper with a loop and a branch, inlined and unrolled: the rows' shared load is made
// once, across the branches between them (they store to private memory only).
float shade(float v, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        s = s * 0.5f + v * (float)i;
        if (s > 100.0f)
            s -= 50.0f;
    }
    return s;
}

__kernel void shaded(__global const float *in, __global float *out, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    float a = shade(in[y * w + x], 7);
    float b = shade(in[(y + 1) * w + x], 5);
    out[y * w + x] = a + b;
}

// A branch between two loads of one element stores to it: the second load must see the
// store (loads outlive a branch only when it stores nothing to __global memory).
__kernel void rewrite(__global const float *in, __global float *buf, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * w + x;
    float a = buf[i];
    float c = in[i] + in[(y + 1) * w + x];
    if (a > 0.0f)
        buf[i] = a * 0.5f;
    float b = buf[i];
    buf[i] = b + c;
}

// Image kernels (darktable's shape): the rows' reads of one texel of a read_only image are
// made once; the output goes to a write_only image, or to a buffer.
__constant sampler_t EDGE = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void blur_image(read_only image2d_t in, write_only image2d_t out)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 s = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            s += read_imagef(in, EDGE, (int2)(x + dx, y + dy));
    write_imagef(out, (int2)(x, y), s * (1.0f / 9.0f));
}

__kernel void image_rows(read_only image2d_t in, __global float4 *out, int w, int r)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 s = read_imagef(in, EDGE, (int2)(x, y));
    for (int i = 1; i < r; i++)
        s = s * 0.5f + read_imagef(in, EDGE, (int2)(x, y + i));
    out[y * w + x] = s;
}
