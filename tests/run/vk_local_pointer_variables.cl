// RUN: --kernel local_pointer_variables --global 64 --local 16 --arg i32[64]=randu:721:-1000:1000 --arg i32[64]=zeros
// __local pointers kept in variables, chosen by `?:` and returned from a helper, in plain
// OpenCL C 1.2. On Vulkan these are Function variables of Workgroup pointer type, which
// need the VariablePointers capability (NVIDIA's driver segfaulted on
// `local int *p = &l[i];` when the module did not declare it).

// (The helper's result type is spelled through a typedef: oclc's checker takes
// `__local int *pick(...)` for a function returning a private pointer.)
typedef __local int *local_int_ptr;

local_int_ptr pick(local_int_ptr a, local_int_ptr b, int c) { return c ? a : b; }

__kernel void local_pointer_variables(__global const int *in, __global int *out)
{
    __local int l[16];
    __local int m[16];
    int i = get_local_id(0);
    int g = get_global_id(0);
    __local int *lp = &l[i];
    *lp = in[g];
    __local int *mp = (i & 1) ? &m[i - 1] : &m[i + 1];
    *mp = in[g] * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *q = pick(l, m, i & 2);
    out[g] = *lp + q[i] * 3 + m[i] * 5;
}
