// BENCH: pow_add | --kernel pow_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-3:3 --arg f32[4194304]=randu:2:0.001:100 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel pow_add --global 256 --local 256 --arg f32[256]=randu:1:-3:3 --arg f32[256]=randu:2:0.001:100 --arg f32[256]=zeros
// BENCH-GPU: pow_add | --kernel pow_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-3:3 --arg f32[67108864]=randu:2:0.001:100 --arg f32[67108864]=zeros
// TOLERANCE: 1e-5 1e-5
// `c[i] = a[i] + pow(b[i], a[i])`: b in [0.001, 100], exponents in [-3, 3].
__kernel void pow_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + pow(b[i], a[i]);
}
