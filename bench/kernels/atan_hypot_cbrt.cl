// BENCH: atan2_add | --kernel atan2_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-100:100 --arg f32[4194304]=randu:2:-100:100 --arg f32[4194304]=zeros
// BENCH: hypot_add | --kernel hypot_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-100:100 --arg f32[4194304]=randu:2:-100:100 --arg f32[4194304]=zeros
// BENCH: cbrt_add | --kernel cbrt_add --global 4194304 --local 256 --arg f32[4194304]=randu:1:-100:100 --arg f32[4194304]=randu:2:-100:100 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel atan2_add --global 256 --local 256 --arg f32[256]=randu:1:-100:100 --arg f32[256]=randu:2:-100:100 --arg f32[256]=zeros
// BENCH-GPU: atan2_add | --kernel atan2_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-100:100 --arg f32[67108864]=randu:2:-100:100 --arg f32[67108864]=zeros
// BENCH-GPU: hypot_add | --kernel hypot_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-100:100 --arg f32[67108864]=randu:2:-100:100 --arg f32[67108864]=zeros
// BENCH-GPU: cbrt_add | --kernel cbrt_add --global 67108864 --local 256 --arg f32[67108864]=randu:1:-100:100 --arg f32[67108864]=randu:2:-100:100 --arg f32[67108864]=zeros
// TOLERANCE: 1e-5 1e-5
// `c[i] = a[i] + f(...)` with the built-ins of the real-kernel corpus's colour and geometry
// code that sqrt, exp, log, pow, sin and cos leave (atan2 in 7 files, hypot in 3, cbrt in 2),
// over arguments in [-100, 100].
__kernel void atan2_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + atan2(b[i], a[i]);
}

__kernel void hypot_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + hypot(a[i], b[i]);
}

__kernel void cbrt_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + cbrt(b[i]);
}
