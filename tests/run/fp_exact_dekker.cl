// RUN: --kernel dekker --global 256 --local 64 --arg f32[256]=randu:621:-100:100 --arg f32[256]=randu:622:-100:100 --arg f32[1024]=zeros
// TOLERANCE: 0 0
// Dekker's splitting and TwoProduct in float: `hi = c - (c - a)` with c = 4097 a splits a
// into two 12-bit halves, whose pairwise products are exact, so the error of a * b comes
// out exactly — but only if nothing reassociates (a reassociating compiler turns
// `c - (c - a)` into `a`, lo into 0) and nothing contracts across statements: NVIDIA's
// OpenCL fuses `c - a` with c's product (hi then comes out as a itself), hence the pragma.
#pragma OPENCL FP_CONTRACT OFF
float2 split(float a)
{
    float c = 4097.0f * a;
    float hi = c - (c - a);
    return (float2)(hi, a - hi);
}

__kernel void dekker(__global const float *a, __global const float *b, __global float *out)
{
    int i = get_global_id(0);
    float x = a[i];
    float y = b[i];
    float2 xs = split(x);
    float2 ys = split(y);
    float p = x * y;
    float hh = xs.x * ys.x;
    float hl = xs.x * ys.y;
    float lh = xs.y * ys.x;
    float ll = xs.y * ys.y;
    float e = hh - p;
    e = e + hl;
    e = e + lh;
    e = e + ll;
    out[4 * i] = xs.x;
    out[4 * i + 1] = xs.y;
    out[4 * i + 2] = p;
    out[4 * i + 3] = e;
}
