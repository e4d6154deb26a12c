// Math built-ins: routines compiled into the object from oclc's built-in library (no oclc
// runtime).
// OBJECT-RUN: --kernel math --global 512 --arg f32[512]=rand:4:-20:20 --arg f32[512]=rand:5:0.01:8 --arg f32[512]=zeros --arg f32[512]=zeros --arg f32[512]=zeros --arg f32[512]=zeros
// OBJECT-RUN: --kernel math_double --global 256 --arg f64[256]=rand:6:0.01:30 --arg f64[256]=zeros
// ULP: 8
__kernel void math(__global const float *x, __global const float *y, __global float *s,
                   __global float *e, __global float *p, __global float *n)
{
    size_t i = get_global_id(0);
    s[i] = sin(x[i]);
    e[i] = exp(x[i] * 0.25f);
    p[i] = pow(y[i], 1.7f);
    // native_exp2 of small integers is exact everywhere; in the object it links exp2.
    n[i] = cos(y[i]) * atan2(x[i], y[i]) * native_exp2((float)(i & 7));
}

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void math_double(__global const double *x, __global double *out)
{
    size_t i = get_global_id(0);
    // The library's cbrt on double starts from native_powr on float, which the object
    // takes from the library too (a second round of linking).
    out[i] = pow(x[i], 0.3) + log(x[i]) + tanh(x[i] * 0.1) + cbrt(x[i]);
}
