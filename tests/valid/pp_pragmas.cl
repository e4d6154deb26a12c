// Pragmas: OPENCL EXTENSION, OPENCL FP_CONTRACT, unroll hints, once, and unknown
// pragmas (ignored); _Pragma is the operator form.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION all : disable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT ON
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL FP_CONTRACT DEFAULT
#pragma once
#pragma some_vendor_pragma with arbitrary tokens
#define DO_PRAGMA(x) _Pragma(#x)
DO_PRAGMA(OPENCL FP_CONTRACT ON)

__kernel void pragmas(__global double *out, int n) {
    double acc = 0.0;
#pragma unroll
    for (int i = 0; i < 4; i++)
        acc += out[i];
#pragma unroll 2
    for (int i = 0; i < n; i++)
        acc += out[i];
    out[0] = acc;
}
