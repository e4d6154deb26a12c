// CHECK: OpExtInst %float %1 sin
// CHECK: OpExtInst %float %1 fma
// CHECK: OpExtInst %float %1 native_exp
// CHECK: FPRoundingMode RTZ
// CHECK: OpFConvert %half
// CHECK: printf
// Math as OpenCL.std instructions, half loads/stores (vstore_half_rtz rounds toward zero),
// printf.
__kernel void k(__global float *out, __global half *h, __global const float *in)
{
    int i = get_global_id(0);
    float x = in[i];
    out[i] = sin(x) + fma(x, x, 1.0f) + native_exp(x) + vload_half(i, h);
    vstore_half_rtz(x, i, h);
    if (i == 0)
        printf("x=%f i=%d\n", x, i);
}
