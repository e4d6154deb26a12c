// BENCH: vector_add | --kernel vector_add --global 4194304 --local 256 --arg f32[4194304]=rand:1 --arg f32[4194304]=rand:2 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel vector_add --global 256 --local 256 --arg f32[256]=rand:1 --arg f32[256]=rand:2 --arg f32[256]=zeros
// BENCH-GPU: vector_add | --kernel vector_add --global 67108864 --local 256 --arg f32[67108864]=rand:1 --arg f32[67108864]=rand:2 --arg f32[67108864]=zeros
__kernel void vector_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
