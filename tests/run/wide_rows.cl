// RUN: --kernel stencil --global 256,32 --local 4,2 --arg f32[8772]=randu:71:-4:4 --arg f32[9]=randu:72:-1:1 --arg f32[8192]=zeros --arg i32:258 --arg i32:256
// RUN: --kernel stencil --global 36,6 --local 12,3 --arg f32[304]=randu:73:-4:4 --arg f32[9]=randu:74:-1:1 --arg f32[216]=zeros --arg i32:38 --arg i32:36
// RUN: --kernel stencil --global 512,16 --local 16,1 --offset 0,1 --arg f32[9766]=randu:75:-4:4 --arg f32[9]=randu:76:-1:1 --arg f32[8704]=zeros --arg i32:514 --arg i32:512
// RUN: --kernel clamped --global 200,40 --local 5,2 --arg f32[8000]=randu:77:-4:4 --arg f32[8000]=zeros
// RUN: --kernel clamped --global 48,4 --local 8,2 --offset 8,0 --arg f32[448]=randu:78:-4:4 --arg f32[448]=zeros
// RUN: --kernel sizes --global 96,16,4 --local 3,2,2 --arg u32[6144]=zeros
// RUN: --kernel sizes --global 64,2,2 --local 16,1,2 --arg u32[256]=zeros
// RUN: --kernel interleaved --global 160,48 --local 5,3 --arg f32[15360]=randu:79:-4:4 --arg f32[15360]=zeros
// RUN: --kernel running --global 4096 --local 8 --arg i32[4096]=randu:80:-100:100 --arg i32[4096]=zeros
// TOLERANCE: 1e-5 1e-5
// Kernels that, on the CPU target, run the rows of the consecutive work-groups of one call
// as one row (wide rows: no barrier, no __local memory, no get_local_id(0) or
// get_group_id(0), every __global access moving by at most a cache line along x). Local
// sizes that are not multiples of the vector width, global offsets, 3-D ranges, and the
// queries a wide row must still answer per group (get_local_size, get_num_groups) are here.

// A 3x3 filter over an image with a border: the chapter's convolution shape.
__kernel void stencil(__global const float *in, __constant float *f, __global float *out,
                      int in_width, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    float sum = 0.0f;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            sum += f[r * 3 + c] * in[(y + r) * in_width + x + c];
    out[y * width + x] = sum;
}

// Neighbours clamped to the image's edges.
__kernel void clamped(__global const float *in, __global float *out)
{
    int w = get_global_size(0) + get_global_offset(0), h = get_global_size(1);
    int x = get_global_id(0), y = get_global_id(1);
    float s = 0.0f;
    for (int d = -2; d <= 2; d++)
        s += in[y * w + clamp(x + d, 0, w - 1)] * (float)(d + 3);
    out[y * w + x] = s + (float)h;
}

// What each work-item still learns about its own group.
__kernel void sizes(__global uint *out)
{
    size_t i = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0)
               + get_global_id(0);
    out[i] = (uint)(get_local_size(0) * 100000 + get_num_groups(0) * 1000
                    + get_group_id(1) * 100 + get_local_id(1) * 10 + get_group_id(2));
}

// Two outputs per work-item, interleaved (a stride of 8 bytes along x).
__kernel void interleaved(__global const float *in, __global float *out)
{
    int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    float a = in[2 * (y * w + x)], b = in[2 * (y * w + x) + 1];
    out[2 * (y * w + x)] = a * b;
    out[2 * (y * w + x) + 1] = a - b;
}

// A 1-D loop whose trip count differs per work-item.
__kernel void running(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k <= i % 7; k++)
        s += in[min(i + k, (int)get_global_size(0) - 1)];
    out[i] = s;
}
