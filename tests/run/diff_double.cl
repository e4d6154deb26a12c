// RUN: --kernel dbl_arith --global 64 --local 16 --arg f64[64]=randu:391:-1000:1000 --arg f64[64]=randu:392:-3:3 --arg f64[640]=zeros --arg i64[128]=zeros
// RUN: --kernel dbl_math --global 64 --local 16 --arg f64[64]=randu:393:-4:4 --arg f64[64]=randu:394:0.01:9 --arg f64[768]=zeros
// TOLERANCE: 2e-15 1e-300
// Double precision (cl_khr_fp64): arithmetic, double2/3/4 vectors, conversions to and
// from every integer width and float with rounding modes and saturation, exact built-ins
// (fract, frexp, ldexp, fmod, rounding), and rounded math whose limits are at most a few
// ulp of double (two implementations: 2e-15 relative covers 8 ulp).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void dbl_arith(__global const double *a, __global const double *b,
                        __global double *out, __global long *iout)
{
    int i = get_global_id(0);
    double x = a[i];
    double y = b[i];
    if (i == 0) x = 0x1.fffffffffffffp+1023;
    if (i == 1) x = -0.0;
    if (i == 2) y = 0.5;
    __global double *o = out + i * 10;
    o[0] = x * y + x / y - (x - y);
    double2 v = (double2)(x, y);
    double4 w = (double4)(v, v.yx * 3.0);
    o[1] = dot(w, (double4)(1.0, -2.0, 0.5, 0.25));
    o[2] = fract(x, &o[3]);
    int e;
    o[4] = frexp(x, &e);
    iout[2 * i] = e;
    o[5] = ldexp(y, 1000 - i * 30) + fmod(x, y);
    o[6] = rint(x * 0.1) + round(y) * 10000.0 + trunc(x) * 1e-9;
    o[7] = (double)(float)x + convert_double((long)x) + convert_double_rtp((ulong)(fabs(x) * 1e6));
    float f = convert_float_rtz(x * 1e-3);
    o[8] = (double)f + (double)convert_float_rtp(y) + (double)convert_float_rtn(y);
    iout[2 * i + 1] = convert_long_sat_rte(x * 1e16) ^ convert_int_sat(x * 1e7)
                    ^ convert_uchar_sat(x) ^ ((long)convert_short_sat_rtn(x * 100.0) << 40);
    double3 t = vload3(0, o) + (double3)(1.0);
    o[9] = t.x + t.z;
}

__kernel void dbl_math(__global const double *a, __global const double *b, __global double *out)
{
    int i = get_global_id(0);
    double x = a[i];
    double p = b[i];
    __global double *o = out + i * 12;
    o[0] = sin(x);
    o[1] = cos(x);
    o[2] = exp(x);
    o[3] = log(p);
    o[4] = sqrt(p);
    o[5] = pow(p, x);
    o[6] = atan2(x, p);
    o[7] = cbrt(x);
    o[8] = hypot(x, p);
    o[9] = tanh(x) * 0.5;
    o[10] = fma(x, p, -1.0);
    o[11] = log1p(p) + expm1(x * 0.1);
}
