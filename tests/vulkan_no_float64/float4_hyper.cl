// Vector forms link the same float library functions per lane.
__kernel void k(__global float4 *a)
{
    int i = get_global_id(0);
    float4 x = a[i];
    a[i] = tanh(x) + erf(x) + hypot(x, x.yzwx) + fmod(x, x.wzyx) + tgamma(x);
}
