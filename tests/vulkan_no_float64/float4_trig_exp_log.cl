// Vector forms link the same float library functions per lane.
__kernel void k(__global float4 *a, __global const int4 *n)
{
    int i = get_global_id(0);
    float4 x = a[i];
    a[i] = sin(x) + atan2(x, x.wzyx) + exp(x) + log1p(x) + pow(x, x.yzwx) + rootn(x, n[i]) +
           fma(x, x, x.zwxy) + sqrt(x);
}
