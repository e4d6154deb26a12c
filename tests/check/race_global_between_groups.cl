// RUN: --kernel accumulate --global 64 --local 16 --arg f32[64]=iota --arg f32[16]=zeros
// EXPECT: global-data-race 9
// Each work-group adds its slice of `in` into `sums` as if it were the only group: with one
// group of 16 the kernel is right (work-item l alone touches sums[l]), with four groups the
// groups' read-modify-writes of sums[l] race (nothing orders work-groups).
__kernel void accumulate(__global const float *in, __global float *sums)
{
    int l = get_local_id(0);
    sums[l] += in[get_global_id(0)];
}
