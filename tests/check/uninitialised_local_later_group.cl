// RUN: --kernel stage --global 32 --local 16 --arg f32[32]=iota --arg f32[32]=zeros
// EXPECT: uninitialised-read 12
// Work-group 0 fills its whole __local tile; the later group fills only the even elements
// but reads them all (what group 0 wrote does not count for it).
__kernel void stage(__global const float *in, __global float *out)
{
    __local float tile[16];
    int l = get_local_id(0);
    if (get_group_id(0) == 0 || l % 2 == 0)
        tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[15 - l];
}
