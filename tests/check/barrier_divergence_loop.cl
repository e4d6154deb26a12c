// RUN: --kernel steps --global 8 --local 8 --arg i32[8]=zeros
// EXPECT: barrier-divergence 9
// OCLGRIND-AT: 11 (Oclgrind names the barrier, oclc the loop condition)
// A barrier in a loop whose trip count is the work-item's local id.
__kernel void steps(__global int *out)
{
    __local int acc[8];
    int l = get_local_id(0);
    for (int k = 0; k < l; k++) {
        acc[l] = k;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[l] = l;
}
