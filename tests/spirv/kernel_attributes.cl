// CHECK: OpExecutionMode %fixed LocalSize 64 2 1
// CHECK: OpExecutionMode %hinted LocalSizeHint 128 1 1
// CHECK: OpExecutionMode %hinted VecTypeHint 262149
// CHECK: OpExecutionMode %trailing LocalSize 32 1 1
// CHECK: OpDecorate %in FuncParamAttr NoWrite
// CHECK: OpDecorate %out FuncParamAttr NoAlias
// CHECK: OpDecorate %in FuncParamAttr NoAlias
// Work-group size attributes become execution modes; a pointer to const is NoWrite and a
// restrict pointer NoAlias.
__kernel __attribute__((reqd_work_group_size(64, 2, 1)))
void fixed(__global float *restrict out, __global const float *restrict in)
{
    out[get_global_id(0)] = in[get_global_id(0)];
}

__kernel __attribute__((work_group_size_hint(128, 1, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 *out)
{
    out[get_global_id(0)] = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
}

// GNU attribute after the parameter list (clang applies it as if written in front).
__kernel void trailing(__global int *out) __attribute__((reqd_work_group_size(32, 1, 1)))
{
    out[get_global_id(0)] = get_local_size(0);
}
