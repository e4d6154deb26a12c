// RUN: --kernel compares --global 110 --local 10 --arg i32:0 --arg i32[1100]=zeros
// RUN: --kernel compares --global 88 --local 8 --arg i32:11 --arg i32[880]=zeros
// RUN: --kernel compares --global 33 --local 3 --arg i32:22 --arg i32[330]=zeros
// 64-bit comparisons of consecutive work-item ids (`size_t lid`, `long g = gid - 37`) with a
// bound the same across the group: on the CPU target the vector lanes taking `lid < k` are
// counted from one scalar difference. Every operator, both operand orders, bounds below,
// inside and above a chunk, and the extremes of long and ulong.
__constant long KS[33] = {
    -5, 0, 1, 3, 4, 5, 17, 100, 9223372036854775807L, -9223372036854775807L - 1, -1,
    -40, -37, -36, 2, 7, 8, 9, 50, -2, 9223372036854775806L, -9223372036854775807L,
    0, 1, 2, 3, -1, -30, -35, -36, 4, 1000, -1000,
};

__kernel void compares(int first, __global int *out)
{
    size_t lid = get_local_id(0);
    long g = (long)get_global_id(0) - 37;
    long k = KS[first + get_group_id(0)];
    ulong uk = (ulong)k;
    size_t at = get_global_id(0) * 10;
    out[at + 0] = lid < uk;
    out[at + 1] = lid <= uk;
    out[at + 2] = lid > uk;
    out[at + 3] = lid >= uk;
    out[at + 4] = uk > lid;
    out[at + 5] = g < k;
    out[at + 6] = g <= k;
    out[at + 7] = k >= g;
    out[at + 8] = g > k;
    out[at + 9] = g >= k;
}
