// BENCH: asin_add | --kernel asin_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-1:1 --arg f32[4194304]=randu:2:-1:1 --arg f32[4194304]=zeros
// BENCH: acos_add | --kernel acos_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-1:1 --arg f32[4194304]=randu:2:-1:1 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel acos_add --global 256 --local 256 --arg f32[256]=randu:1:-1:1 --arg f32[256]=randu:2:-1:1 --arg f32[256]=zeros
// BENCH-GPU: asin_add | --kernel asin_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-1:1 --arg f32[67108864]=randu:2:-1:1 --arg f32[67108864]=zeros
// BENCH-GPU: acos_add | --kernel acos_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-1:1 --arg f32[67108864]=randu:2:-1:1 --arg f32[67108864]=zeros
// TOLERANCE: 1e-5 1e-5
// `c[i] = a[i] + f(b[i])` with the inverse sine and cosine, over arguments in [-1, 1].
__kernel void asin_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + asin(b[i]);
}

__kernel void acos_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + acos(b[i]);
}
