// BENCH: copy_bw | --kernel copy --global 1048576 --local 256 --arg f32x4[1048576]=rand:1 --arg f32x4[1048576]=zeros
// BENCH-TINY: --kernel copy --global 256 --local 256 --arg f32x4[256]=rand:1 --arg f32x4[256]=zeros
// BENCH-GPU: copy_bw | --kernel copy --global 16777216 --local 256 --arg f32x4[16777216]=rand:1 --arg f32x4[16777216]=zeros
// The bandwidth reference of the memory-bound kernels (issue 15: at least 90% of a plain copy
// measured in the same run): 4M floats in, 4M out, as float4, the buffer size of vector_add,
// saxpy, transpose and reduction. Bytes moved: copy 32 MiB, vector_add and saxpy 48 MiB,
// transpose 32 MiB, reduction 16 MiB read.
__kernel void copy(__global const float4 *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}
