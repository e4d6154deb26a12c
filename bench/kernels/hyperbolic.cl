// BENCH: sinh_add | --kernel sinh_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-10:10 --arg f32[4194304]=randu:2:-10:10 --arg f32[4194304]=zeros
// BENCH: cosh_add | --kernel cosh_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-10:10 --arg f32[4194304]=randu:2:-10:10 --arg f32[4194304]=zeros
// BENCH: tanh_add | --kernel tanh_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-10:10 --arg f32[4194304]=randu:2:-10:10 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel tanh_add --global 256 --local 256 --arg f32[256]=randu:1:-10:10 --arg f32[256]=randu:2:-10:10 --arg f32[256]=zeros
// BENCH-GPU: sinh_add | --kernel sinh_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-10:10 --arg f32[67108864]=randu:2:-10:10 --arg f32[67108864]=zeros
// BENCH-GPU: cosh_add | --kernel cosh_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-10:10 --arg f32[67108864]=randu:2:-10:10 --arg f32[67108864]=zeros
// BENCH-GPU: tanh_add | --kernel tanh_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-10:10 --arg f32[67108864]=randu:2:-10:10 --arg f32[67108864]=zeros
// TOLERANCE: 1e-5 1e-5
// `c[i] = a[i] + f(b[i])` with the hyperbolic functions, over arguments in [-10, 10].
__kernel void sinh_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + sinh(b[i]);
}

__kernel void cosh_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + cosh(b[i]);
}

__kernel void tanh_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + tanh(b[i]);
}
