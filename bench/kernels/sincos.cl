// BENCH: sin_add | --kernel sin_add --global 4194304 --local 256 --arg f32[4194304]=rand:1 --arg f32[4194304]=randu:2:-100:100 --arg f32[4194304]=zeros
// BENCH: cos_add | --kernel cos_add --global 4194304 --local 256 --arg f32[4194304]=rand:1 --arg f32[4194304]=randu:2:-100:100 --arg f32[4194304]=zeros
// BENCH: tan_add | --kernel tan_add --global 4194304 --local 256 --arg f32[4194304]=rand:1 --arg f32[4194304]=randu:2:-100:100 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel sin_add --global 256 --local 256 --arg f32[256]=rand:1 --arg f32[256]=randu:2:-100:100 --arg f32[256]=zeros
// BENCH-GPU: sin_add | --kernel sin_add --global 67108864 --local 256 --arg f32[67108864]=rand:1 --arg f32[67108864]=randu:2:-100:100 --arg f32[67108864]=zeros
// BENCH-GPU: cos_add | --kernel cos_add --global 67108864 --local 256 --arg f32[67108864]=rand:1 --arg f32[67108864]=randu:2:-100:100 --arg f32[67108864]=zeros
// BENCH-GPU: tan_add | --kernel tan_add --global 67108864 --local 256 --arg f32[67108864]=rand:1 --arg f32[67108864]=randu:2:-100:100 --arg f32[67108864]=zeros
// TOLERANCE: 1e-5 1e-5
// `c[i] = a[i] + sin(b[i])` (issue 16's example of a kernel bound by its math) and the
// same with `cos` and `tan`, over arguments in [-100, 100].
__kernel void sin_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + sin(b[i]);
}

__kernel void cos_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + cos(b[i]);
}

__kernel void tan_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + tan(b[i]);
}
