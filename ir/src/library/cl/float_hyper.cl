// Hyperbolic functions and their inverses of oclc's built-in library (float, evaluated
// in double on top of the exp/log kernels of float.cl).

float __oclc_sinh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (__oclc_nonfinite_f32(x))
        return x;
    double a = fabs(__oclc_f2d(x));
    if (a > 90.0)
        return __oclc_copysign_f32(INFINITY, x);
    double v;
    if (a < 1.0) {
        // Taylor series to x^21: no cancellation near 0.
        double z = a * a;
        double p = 1.9572941063391263e-20;
        p = mad(p, z, 8.22063524662433e-18);
        p = mad(p, z, 2.8114572543455206e-15);
        p = mad(p, z, 7.647163731819816e-13);
        p = mad(p, z, 1.6059043836821613e-10);
        p = mad(p, z, 2.505210838544172e-08);
        p = mad(p, z, 2.7557319223985893e-06);
        p = mad(p, z, 0.0001984126984126984);
        p = mad(p, z, 0.008333333333333333);
        p = mad(p, z, 0.16666666666666666);
        v = a + a * z * p;
    } else {
        double e = __oclc_d_exp(a);
        v = 0.5 * (e - __oclc_d_recip(e));
    }
    return __oclc_copysign_f32((float)v, x);
}

float __oclc_cosh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    double a = fabs(__oclc_f2d(x));
    if (a > 90.0)
        return INFINITY;
    double e = __oclc_d_exp(a);
    return (float)(0.5 * (e + __oclc_d_recip(e)));
}

float __oclc_tanh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x != x)
        return x;
    double a = fabs(__oclc_f2d(x));
    if (a >= 10.0)
        return __oclc_copysign_f32(1.0f, x);
    double em = __oclc_d_expm1(2.0 * a);
    if (em == 0.0)
        return x;
    return __oclc_copysign_f32((float)__oclc_d_div(em, em + 2.0), x);
}

float __oclc_asinh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 0.0f || __oclc_nonfinite_f32(x))
        return x;
    double a = fabs(__oclc_f2d(x));
    double v;
    if (a > 67108864.0) {
        v = __oclc_d_log(a) + 0.6931471805599453;
    } else {
        // log1p(a + a^2 / (1 + sqrt(1 + a^2))): no cancellation near 0.
        double z = a * a;
        v = __oclc_d_log1p(a + __oclc_d_div(z, 1.0 + __oclc_d_sqrt(1.0 + z)));
    }
    return __oclc_copysign_f32((float)v, x);
}

float __oclc_acosh_f32(float x)
{
    x = __oclc_canon_f32(x);
    if (x == 1.0f)
        return 0.0f;
    if (!(x >= 1.0f))
        return __oclc_qnan_f32();
    if (x == INFINITY)
        return x;
    double d = __oclc_f2d(x);
    if (d > 67108864.0)
        return (float)(__oclc_d_log(d) + 0.6931471805599453);
    double t = d - 1.0;
    return (float)__oclc_d_log1p(t + __oclc_d_sqrt(t * (d + 1.0)));
}

float __oclc_atanh_f32(float x)
{
    x = __oclc_canon_f32(x);
    float ax = fabs(x);
    if (ax == 1.0f)
        return __oclc_copysign_f32(INFINITY, x);
    if (!(ax < 1.0f))
        return __oclc_qnan_f32();
    if (x == 0.0f)
        return x;
    double d = __oclc_f2d(ax);
    double v = 0.5 * __oclc_d_log1p(__oclc_d_div(2.0 * d, 1.0 - d));
    return __oclc_copysign_f32((float)v, x);
}
