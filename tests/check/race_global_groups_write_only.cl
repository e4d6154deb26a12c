// RUN: --kernel partial --global 32 --local 8 --arg f32[32]=iota --arg f32[8]=zeros
// EXPECT: global-data-race 8
// Each work-group writes its results to out[0..8) instead of its own slice of out: the
// groups' plain writes of one element race (in a buffer the kernel only writes).
__kernel void partial(__global const float *in, __global float *out)
{
    int l = get_local_id(0);
    out[l] = 2.0f * in[get_global_id(0)];
}
