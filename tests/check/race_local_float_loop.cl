// RUN: --kernel accumulate --global 16 --local 16 --arg f32[16]=iota --arg f32[1]=zeros
// EXPECT: data-race 13
// Every work-item adds its terms to one __local float in a loop, without atomics or
// barriers: the read-modify-writes of different work-items race.
__kernel void accumulate(__global const float *in, __global float *out)
{
    __local float total;
    if (get_local_id(0) == 0)
        total = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float x = in[get_global_id(0)];
    for (int k = 1; k <= 2; k++)
        total += x * (float)k;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[0] = total;
}
