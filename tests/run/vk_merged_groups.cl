// RUN: --kernel scale_1d --global 4096 --local 64 --offset 128 --arg f32[4224]=rand:7 --arg f32[4224]=zeros
// RUN: --kernel scale_1d --global 768 --local 64 --arg f32[768]=rand:8 --arg f32[768]=zeros
// RUN: --kernel scale_1d --global 960 --local 192 --arg f32[960]=rand:9 --arg f32[960]=zeros
// RUN: --kernel coords_2d --global 256,16 --local 16,4 --offset 3,5 --arg i32[8192]=zeros
// RUN: --kernel coords_2d --global 48,6 --local 6,3 --arg i32[8192]=zeros
// RUN: --kernel count_all --global 8192 --local 32 --arg i32[8192]=iota --arg i32[2]=zeros
// Kernels that cannot tell their work-groups apart, which oclc's Vulkan launcher may run with
// several work-items per invocation and several work-groups per Vulkan workgroup (the
// differential harness asks for both; tests/vulkan_group_merge.rs): global offsets,
// 2-D launches (groups merge along x only), group counts with few power-of-two factors,
// and __global atomics from every work-item must give what PoCL gives unmerged.
__kernel void scale_1d(__global const float *a, __global float *o)
{
    size_t i = get_global_id(0);
    o[i] = a[i] * 3.0f + (float)(i % 7);
}

__kernel void coords_2d(__global int *o)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t w = get_global_size(0) + get_global_offset(0);
    o[y * w + x] = (int)(x * 1000 + y * 10 + get_work_dim());
}

__kernel void count_all(__global const int *a, __global int *sums)
{
    atomic_add(&sums[0], a[get_global_id(0)]);
    atomic_inc(&sums[1]);
}
