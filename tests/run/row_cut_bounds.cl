// RUN: --kernel row_cut_bounds --global 512 --local 256 --arg f32[512]=rand:3 --arg f32[512]=zeros
// RUN: --kernel row_cut_bounds --global 96 --local 8 --arg f32[96]=rand:4 --arg f32[96]=zeros
// RUN: --kernel row_cut_bounds --global 78 --local 13 --arg f32[78]=randu:5:-2:2 --arg f32[78]=zeros
// RUN: --kernel row_cut_bounds --global 12 --local 6 --arg f32[12]=rand:6 --arg f32[12]=zeros
// Regions that end in `if (lid < C)` (and <=, >, >=, == 0, signed and unsigned, bounds
// past the group and below zero) with nothing after them but a barrier: the CPU JIT runs
// such a region over the first C work-items of each row only, unmasked (row_cut.rs). Every
// step writes through __local memory that the next reads, so a work-item run too many or
// too few changes the output.
__kernel void row_cut_bounds(__global const float *in, __global float *out)
{
    __local float s[256];
    size_t lid = get_local_id(0);
    int ilid = (int)lid;
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 5)
        s[lid] = s[lid] * 2.0f + 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid <= 6)
        s[lid] += 3.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (9 > lid)
        s[lid] = -s[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (10 >= ilid)
        s[lid] *= 0.5f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ilid < -3)
        s[lid] = 100.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ilid <= -1)
        s[lid] = 200.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 1000)
        s[lid] += 0.25f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 0xffffffffffffffffUL)
        s[lid] += 0.125f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 0)
        s[lid] = 300.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        s[lid] += 7.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 128)
        s[lid] += s[lid + 128 < get_local_size(0) ? lid + 128 : lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[lid];
}
