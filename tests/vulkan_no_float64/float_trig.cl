// The float built-ins of float_trig.cl on Vulkan: all computed in single precision
// (double-float steps, integer Payne-Hanek), so the module must not need Float64.
__kernel void k(__global float *a, __global const float *b)
{
    int i = get_global_id(0);
    float x = a[i], y = b[i];
    float s = sin(x) + cos(x) + tan(x) + sinpi(y) + cospi(y) + tanpi(y);
    s += asin(x) + acos(y) + atan(x) + asinpi(x) + acospi(y) + atanpi(x);
    s += atan2(x, y) + atan2pi(y, x);
    a[i] = s;
}
