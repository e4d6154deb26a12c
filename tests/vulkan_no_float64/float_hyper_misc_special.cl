// The float built-ins of float_hyper.cl, float_misc.cl and float_special.cl on Vulkan:
// all computed in single precision, so the module must not need the Float64 capability.
__kernel void k(__global float *a, __global const float *b, __global const float *c,
                __global const int *n)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i], z = c[i];
    float s = sinh(x) + cosh(y) + tanh(z) + asinh(x) + acosh(y) + atanh(z);
    s += fmod(x, y) + remainder(y, z) + fdim(x, z) + maxmag(x, y) + minmag(y, z);
    s += nextafter(x, y) + ldexp(x, n[i]) + logb(y) + (float)ilogb(z) + hypot(x, y);
    s += smoothstep(x, y, z) + round(x);
    s += erf(x) + erfc(y) + tgamma(z) + lgamma(x);
    a[i] = s;
}
