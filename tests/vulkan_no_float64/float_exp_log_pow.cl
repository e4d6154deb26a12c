// The float built-ins of float.cl on Vulkan (sqrt, fma, exponentials, logarithms, powers,
// roots): all computed in single precision, so the module must not need Float64.
__kernel void k(__global float *a, __global const float *b, __global const float *c,
                __global const int *n)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i], z = c[i];
    float s = sqrt(x) + fma(x, y, z) + cbrt(y);
    s += exp(x) + exp2(y) + exp10(z) + expm1(x);
    s += log(x) + log2(y) + log10(z) + log1p(x);
    s += pow(x, y) + powr(y, z) + pown(x, n[i]) + rootn(y, n[i]);
    a[i] = s;
}
