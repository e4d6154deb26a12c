// CHECK: OpExecutionMode %fixed LocalSize 64 2 1
// CHECK: OpExecutionMode %hinted LocalSizeHint 128 1 1
// CHECK: FuncParamAttr NoWrite
// Work-group size attributes become execution modes; a pointer to const is NoWrite.
__kernel __attribute__((reqd_work_group_size(64, 2, 1)))
void fixed(__global float *out, __global const float *in)
{
    out[get_global_id(0)] = in[get_global_id(0)];
}

__kernel __attribute__((work_group_size_hint(128, 1, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 *out)
{
    out[get_global_id(0)] = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
}
