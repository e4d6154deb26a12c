// RUN: --kernel powers --global 128 --local 32 --arg f32[128]=randu:221:0.05:6 --arg f32[128]=randu:222:-8:8 --arg f32[1024]=zeros
// TOLERANCE: 4e-6 1e-30
// Built-ins with a 16 ulp limit (two implementations may differ by 32 ulp): pow, pown,
// powr, rootn, erf, erfc, tgamma, with the pow special cases (negative bases with integer
// exponents, zero, infinities, NaN).
__kernel void powers(__global const float *a, __global const float *b, __global float *out)
{
    int i = get_global_id(0);
    float x = a[i];
    float y = b[i];
    int n = (int)y;
    __global float *o = out + i * 8;
    o[0] = pow(x, y);
    o[1] = pow(-x, (float)n);
    o[2] = pown(-x, n);
    o[3] = powr(x, y * 0.5f);
    o[4] = rootn(x * 10.0f, n == 0 ? 3 : n);
    o[5] = erf(y * 0.4f);
    o[6] = erfc(y * 0.3f);
    o[7] = tgamma(x);
    if (i < 6) {
        float bx[6] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f};
        o[0] = pow(bx[i], 2.0f);
        o[1] = pow(bx[i], -3.0f);
        o[2] = pown(bx[i], 0);
        o[3] = pow(1.0f, bx[i]);
        o[4] = rootn(-8.0f, 3);
    }
}
