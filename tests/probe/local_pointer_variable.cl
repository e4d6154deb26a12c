// Probe control, OpenCL C 1.2 (no generic space): only a __local pointer kept in a
// variable. On the H100 (driver 580) this alone segfaulted before VariablePointers was
// declared for it.
// EXPECT: 2 (every element)
kernel void k(global int *out)
{
    local int l[8];
    size_t i = get_global_id(0);
    local int *lp = &l[i];
    *lp = 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = l[i];
}
