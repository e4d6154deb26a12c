// RUN-OPTIONS: -cl-fast-relaxed-math -cl-denorms-are-zero
// CHECK: OpCapability DenormFlushToZero
// CHECK: OpExtension "SPV_KHR_float_controls"
// CHECK: OpExecutionMode %k DenormFlushToZero 32
// CHECK: FPFastMathMode NotNaN|NotInf|NSZ|AllowRecip|Fast
// -cl-fast-relaxed-math marks float arithmetic; -cl-denorms-are-zero declares the flush mode.
__kernel void k(__global float *a, __global const float *b)
{
    int i = get_global_id(0);
    a[i] = a[i] * b[i] + b[i] / a[i];
}
