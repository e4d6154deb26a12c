// RUN: --kernel dbl_math_all --global 128 --local 32 --arg f64[128]=randu:611:-6:6 --arg f64[128]=randu:612:0.001:40 --arg f64[6144]=zeros
// RUN: --kernel dbl_math_all --global 64 --local 16 --arg f64[64]=randu:613:-700:700 --arg f64[64]=randu:614:1e-200:1e200 --arg f64[3072]=zeros
// RUN: --kernel dbl_trig_huge --global 64 --local 16 --arg f64[64]=randu:615:-1e300:1e300 --arg f64[64]=randu:616:-3e6:3e6 --arg f64[768]=zeros
// TOLERANCE: 2e-15 1e-300
// Every double-precision math built-in family (on Vulkan from oclc's double library):
// exponentials, logarithms, powers, trigonometry with Cody-Waite and Payne-Hanek
// reduction, inverse and hyperbolic functions, roots, and the exact functions, over
// moderate and extreme operands; 2e-15 relative (9 ulp) covers two implementations that
// each meet OpenCL's limits of at most 4-6 ulp here (no sums that could cancel).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void dbl_math_all(__global const double *a, __global const double *b,
                           __global double *out)
{
    int i = get_global_id(0);
    double x = a[i];
    double p = b[i];
    __global double *o = out + i * 48;
    // Operands from one multiplication each: lavapipe reassociates (x * c1) * c2 into
    // x * (c1 * c2) in user code (no NoContraction there), which OpenCL does not allow.
    double t = x * 0.01; // in (-7, 7) for both RUN lines
    o[0] = exp(x * 0.5) + exp2(t) + exp10(x * 0.001);
    o[1] = expm1(t) * 3.0;
    o[2] = log(p) + log2(p) * 0.25;
    o[3] = log10(p);
    o[4] = log1p(p);
    o[40] = log1p(x * 0.001);
    o[5] = pow(p, t);
    o[6] = powr(p, x * -0.005);
    o[7] = pown(t, i % 9 - 4);
    o[8] = rootn(p, i % 7 + 1);
    o[41] = rootn(x, 3);
    o[9] = sin(x);
    o[10] = cos(x);
    o[11] = tan(t);
    o[12] = sinpi(x * 0.37);
    o[13] = cospi(x * 0.37);
    o[14] = tanpi(x * 0.0007);
    o[15] = asin(x * 0.0014);
    o[16] = acos(x * 0.0014);
    o[17] = atan(x) + atan2(x, p - 1.0);
    o[18] = asinpi(x * 0.001);
    o[42] = acospi(x * -0.001);
    o[19] = atanpi(x);
    o[43] = atan2pi(-p, x);
    o[20] = sinh(t);
    o[21] = cosh(t);
    o[22] = tanh(x * 0.003);
    o[23] = asinh(x);
    o[24] = acosh(p + 1.0);
    o[25] = atanh(x * 0.0014);
    o[26] = sqrt(p) + rsqrt(p);
    o[27] = cbrt(x);
    o[28] = hypot(x, p);
    o[29] = fma(x, p, -x * p) + fma(t, t, 1.0);
    o[30] = x / p;
    o[44] = p / (x + 0.5);
    o[31] = fmod(x, p) + remainder(x, p + 0.25);
    int q;
    o[32] = remquo(x, p, &q) + (double)(q & 7);
    double c;
    o[33] = sincos(t, &c);
    o[34] = c;
    double ip;
    o[35] = modf(x, &ip) + ip;
    o[36] = nextafter(x, p) + fdim(x, p) + maxmag(x, -p) + minmag(x, p);
    o[37] = ldexp(p, i % 40 - 20) + logb(p) + (double)ilogb(x);
    o[38] = copysign(p, x) + round(x);
    o[39] = sqrt(x * x + 1e-300) / 7.0;
}

__kernel void dbl_trig_huge(__global const double *a, __global const double *b,
                            __global double *out)
{
    int i = get_global_id(0);
    double x = a[i];
    double m = b[i];
    __global double *o = out + i * 12;
    o[0] = sin(x);
    o[1] = cos(x);
    o[2] = tan(x);
    o[3] = sin(m);
    o[4] = cos(m);
    o[5] = tan(m);
    o[6] = sin(x * 1e-200);
    o[7] = cos(m * 1e-3);
    o[8] = sinpi(m * 1e-3);
    o[9] = cospi(m * 3e-7);
    o[10] = atan(x) + atan2(m, x);
    o[11] = hypot(x, m);
}
