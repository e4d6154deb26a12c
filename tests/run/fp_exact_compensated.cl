// RUN: --kernel kahan --global 64 --local 16 --arg f32[4096]=randu:611:-1:1 --arg f32[64]=zeros --arg f32[64]=zeros
// RUN: --kernel two_sum --global 256 --local 64 --arg f32[256]=randu:612:-1000:1000 --arg f32[256]=randu:613:-0.001:0.001 --arg f32[1024]=zeros
// TOLERANCE: 0 0
// Compensated arithmetic that OpenCL's float semantics make exact: no reassociation, no
// contraction (there are no products here). Kahan summation of 64 values per work-item
// after a large head term, next to the naive sum; TwoSum and FastTwoSum, whose error
// terms a reassociating compiler folds to 0; and `(a + b) - a`, which it folds to `b`.
// Without NoContraction on every float operation, lavapipe rewrites all of these.
#pragma OPENCL FP_CONTRACT OFF
__kernel void kahan(__global const float *x, __global float *compensated,
                    __global float *naive)
{
    int i = get_global_id(0);
    float sum = 1.0e4f;
    float c = 0.0f;
    float plain = 1.0e4f;
    for (int k = 0; k < 64; k++) {
        float v = x[i * 64 + k] * 0.001f;
        float y = v - c;
        float t = sum + y;
        c = (t - sum) - y;
        sum = t;
        plain += v;
    }
    compensated[i] = sum - 1.0e4f;
    naive[i] = plain - 1.0e4f;
}

__kernel void two_sum(__global const float *a, __global const float *b, __global float *out)
{
    int i = get_global_id(0);
    float x = a[i];
    float y = b[i];
    float s = x + y;
    float bb = s - x;
    float err = (x - (s - bb)) + (y - bb);
    float fast_err = y - (s - x);
    out[4 * i] = s;
    out[4 * i + 1] = err;
    out[4 * i + 2] = fast_err;
    out[4 * i + 3] = (x + y) - x;
}
