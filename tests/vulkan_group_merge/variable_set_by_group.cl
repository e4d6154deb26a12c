// MERGEABLE: no (a barrier synchronises one work-group)
// MERGED-GROUPS: no (the loop's bound is a variable one work-group sets differently)
__kernel void k(__global int *o)
{
    int rounds = 4;
    if (get_group_id(0) == 1)
        rounds = 2;
    for (int r = 0; r < rounds; r++)
        barrier(CLK_GLOBAL_MEM_FENCE);
    o[get_global_id(0)] = rounds;
}
