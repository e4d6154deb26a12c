// RUN: --kernel half_double --global 32 --local 8 --arg f64[32]=randu:402:-3:3 --arg f16[256]=zeros
// TOLERANCE: 0 0
// SPIRV-POCL-UNSUPPORTED: PoCL 3.1's SPIR library lacks convert_half_rtz/rtp/rtn, which vstore_half_rtX reads back to
// vstore_half from double with every rounding mode: one rounding straight from double
// (a value just above a tie must not be rounded to float first), overflow near 65520.
// PoCL 3.1's kernel library lacks convert_half_rtz/rtp/rtn, so the SPIR-V path cannot
// link this file.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void half_double(__global const double *a, __global half *h)
{
    int i = get_global_id(0);
    double x = a[i] * pown(10.0, i % 6 - 1);
    if (i == 0) x = 1.0 + 0x1p-11 + 0x1p-40; // just above a tie: float rounding would tie
    if (i == 1) x = 65519.999999;
    __global half *o = h + i * 8;
    vstore_half(x, 0, o);
    vstore_half_rtz(x, 1, o);
    vstore_half_rtp(x, 2, o);
    vstore_half_rtn(x, 3, o);
    vstore_half2_rte((double2)(x, -x), 2, o);
    vstore_half2_rtn((double2)(x * 3.0, -x * 7.0), 3, o);
}
