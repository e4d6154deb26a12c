// BENCH: saxpy | --kernel saxpy --global 4194304 --local 256 --arg f32:2.5 --arg f32[4194304]=rand:1 --arg f32[4194304]=rand:2 --arg f32[4194304]=zeros
// BENCH-TINY: --kernel saxpy --global 256 --local 256 --arg f32:2.5 --arg f32[256]=rand:1 --arg f32[256]=rand:2 --arg f32[256]=zeros
// BENCH-GPU: saxpy | --kernel saxpy --global 67108864 --local 256 --arg f32:2.5 --arg f32[67108864]=rand:1 --arg f32[67108864]=rand:2 --arg f32[67108864]=zeros
__kernel void saxpy(float a, __global const float *x, __global const float *y, __global float *z)
{
    size_t i = get_global_id(0);
    z[i] = a * x[i] + y[i];
}
