// Barriers with static __local memory and a __local pointer argument; the work-group size
// is the kernel's reqd_work_group_size (ranges.c checks the entry picks it when the range
// leaves it to the kernel; PoCL needs it given).
// OBJECT-RUN: --kernel reduce --global 4096 --local 64 --arg i32[4096]=rand:3:-1000:1000 --arg local:256 --arg i32[64]=zeros --arg i32[4096]=zeros
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reduce(__global const int *in, __local int *scratch, __global int *sums, __global int *rev)
{
    __local int mirror[64];
    size_t l = get_local_id(0);
    size_t g = get_global_id(0);
    scratch[l] = in[g];
    mirror[63 - l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    rev[g] = mirror[l];
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = scratch[0];
}
