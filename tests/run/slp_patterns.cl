// RUN: --kernel dot_rows --global 64 --local 16 --arg f32[80]=randu:901:-1:1 --arg f32[16]=randu:902:-1:1 --arg f32[64]=zeros --enable-pass slp
// RUN: --kernel dot_rows --global 64 --local 16 --arg f32[80]=randu:901:-1:1 --arg f32[16]=randu:902:-1:1 --arg f32[64]=zeros -cl-fast-relaxed-math --enable-pass slp
// RUN: --kernel dot_odd --global 32 --local 8 --arg f32[48]=randu:903:-4:4 --arg f32[7]=randu:904:-1:1 --arg f32[32]=zeros --enable-pass slp
// RUN: --kernel saxpy4 --global 16 --local 8 --arg f32[64]=randu:905:-8:8 --arg f32[64]=randu:906:-8:8 --arg f32[64]=zeros --arg f32:0.75 --enable-pass slp
// RUN: --kernel inplace_chain --global 16 --local 4 --arg f32[80]=randu:907:-2:2 --arg f32[4]=randu:908:-1:1 --enable-pass slp
// RUN: --kernel int_dot --global 32 --local 8 --arg i32[256]=randu:909:-1000:1000 --arg i32[256]=randu:910:-1000:1000 --arg i32[32]=zeros --enable-pass slp
// RUN: --kernel bytes_weighted --global 32 --local 8 --arg u8[128]=rand:911 --arg u32[32]=zeros --enable-pass slp
// RUN: --kernel mixed_views --global 16 --local 4 --arg f32[64]=randu:912:-3:3 --arg f32[64]=zeros --enable-pass slp
// RUN: --kernel near_misses --global 16 --local 4 --arg f32[160]=randu:913:-2:2 --arg f32[16]=randu:914:-1:1 --arg f32[64]=zeros --enable-pass slp
// RUN: --kernel divisions --global 16 --local 4 --arg i32[64]=randu:915:-500:500 --arg f32[64]=randu:916:1:9 --arg f32[64]=zeros --enable-pass slp
// RUN: --kernel barrier_terms --global 32 --local 8 --arg f32[128]=randu:917:-1:1 --arg f32[32]=zeros --arg local:32 --enable-pass slp
// RUN: --kernel doubles --global 16 --local 4 --arg f64[64]=randu:919:-5:5 --arg f64[16]=zeros --enable-pass slp
// RUN: --kernel convolve_fixed --global 16,8 --local 8,4 --arg f32[240]=randu:920:-1:1 --arg f32[25]=randu:921:-1:1 --arg f32[128]=zeros --arg i32:20 --arg i32:16 --enable-pass slp
// RUN: --kernel convolve_fixed --global 16,8 --local 8,4 --arg f32[240]=randu:920:-1:1 --arg f32[25]=randu:921:-1:1 --arg f32[128]=zeros --arg i32:20 --arg i32:16 -cl-fast-relaxed-math --enable-pass slp
// TOLERANCE: 1e-4 1e-5
// The patterns the SLP vectoriser (ir/src/opt/slp) turns into vector operations after
// unrolling, and the near misses it must leave alone: sums of products of adjacent loads
// (kept in order, or reassociated under -cl-fast-relaxed-math and for integers), values
// stored to adjacent addresses, conversions, and loads that must not move past a store to
// the same buffer, that are not adjacent, run backwards, mix types or sit across a barrier
// (volatile ones: slp_volatile.cl).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Sixteen adjacent products, summed in order (four-lane trees).
__kernel void dot_rows(__global const float *in, __constant float *w, __global float *out)
{
    int x = get_global_id(0);
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < 16; k++)
        sum += in[x + k] * w[k];
    out[x] = sum;
}

// Seven terms: a window of four, one of two, one scalar left.
__kernel void dot_odd(__global const float *in, __constant float *w, __global float *out)
{
    int x = get_global_id(0);
    float sum = in[x];
#pragma unroll
    for (int k = 0; k < 7; k++)
        sum += in[x + k + 9] * w[k];
    out[x] = sum;
}

// Values stored to adjacent addresses (out is restrict, so the loads may move above the
// stores).
__kernel void saxpy4(__global const float *a, __global const float *b,
                     __global float *restrict out, float s)
{
    int i = get_global_id(0) * 4;
    out[i] = s * a[i] - b[i];
    out[i + 1] = s * a[i + 1] - b[i + 1];
    out[i + 2] = s * a[i + 2] - b[i + 2];
    out[i + 3] = s * a[i + 3] - b[i + 3];
}

// Each load reads what the statement before stored: nothing may be packed across.
__kernel void inplace_chain(__global float *p, __constant float *w)
{
    int b = get_global_id(0) * 5;
#pragma unroll
    for (int k = 0; k < 4; k++)
        p[b + k + 1] = p[b + k] * w[k] + 1.0f;
}

// Integer sums are reassociated at every level of math options (wrapping adds).
__kernel void int_dot(__global const int *a, __global const int *b, __global int *out)
{
    int x = get_global_id(0) * 8;
    int s = 0;
#pragma unroll
    for (int k = 0; k < 8; k++)
        s += a[x + k] * b[x + k];
    out[get_global_id(0)] = s;
}

// uchar loads converted, weighted by constants.
__kernel void bytes_weighted(__global const uchar *p, __global uint *out)
{
    int x = get_global_id(0) * 4;
    uint s = 7;
#pragma unroll
    for (int k = 0; k < 4; k++)
        s += (uint)p[x + k] * (uint)(k + 1);
    out[get_global_id(0)] = s;
}

// The same buffer read as float and as int, lane by lane: adjacent addresses, mixed types.
__kernel void mixed_views(__global float *f, __global float *out)
{
    int x = get_global_id(0) * 4;
    __global int *iv = (__global int *)f;
    out[x] = f[x] * 2.0f;
    out[x + 1] = (float)(iv[x + 1] & 0xff) * 2.0f;
    out[x + 2] = f[x + 2] * 2.0f;
    out[x + 3] = (float)(iv[x + 3] & 0xff) * 2.0f;
}

// Not adjacent (stride two), backwards, two buffers interleaved: computed as scalars.
__kernel void near_misses(__global const float *a, __constant float *w, __global float *out)
{
    int x = get_global_id(0) * 4;
    float strided = 0.0f, reversed = 0.0f, interleaved = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; k++) {
        strided += a[x + 2 * k] * w[k];
        reversed += a[x + 3 - k] * w[k];
        interleaved += (k % 2 ? a + 64 : a)[x + k] * w[k + 4];
    }
    out[x] = strided;
    out[x + 1] = reversed;
    out[x + 2] = interleaved;
    out[x + 3] = strided - reversed;
}

// Integer division lane by lane (exact); float division stays scalar.
__kernel void divisions(__global const int *a, __global const float *d, __global float *out)
{
    int x = get_global_id(0) * 4;
#pragma unroll
    for (int k = 0; k < 4; k++)
        out[x + k] = (float)(a[x + k] / 7) + 1.0f / d[x + k];
}

// A barrier between the terms: packs form on each side only.
__kernel void barrier_terms(__global const float *a, __global float *out, __local float *tmp)
{
    int l = get_local_id(0);
    int x = get_global_id(0) * 4;
    float s = a[x] * a[x] + a[x + 1] * a[x + 1];
    tmp[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    s += tmp[(l + 1) % get_local_size(0)];
    s += a[x + 2] * a[x + 2] + a[x + 3] * a[x + 3];
    out[get_global_id(0)] = s;
}

// Doubles: four lanes of f64.
__kernel void doubles(__global const double *a, __global double *out)
{
    int x = get_global_id(0) * 4;
    double s = 1.0;
#pragma unroll
    for (int k = 0; k < 4; k++)
        s += a[x + k] * (double)(k + 2);
    out[get_global_id(0)] = s;
}

// The chapter's DefConvolve with a compile-time filter width of 5, fully unrolled.
#define FW 5
__kernel void convolve_fixed(__global const float *input, __constant float *filter,
                             __global float *output, int inWidth, int width)
{
    int yOut = get_global_id(1);
    int xOut = get_global_id(0);
    float sum = 0;
    for (int r = 0; r < FW; r++) {
        int idxIntmp = (yOut + r) * inWidth + xOut;
        for (int c = 0; c < FW; c++)
            sum += filter[r * FW + c] * input[idxIntmp + c];
    }
    output[yOut * width + xOut] = sum;
}
