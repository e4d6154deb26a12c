// RUN: --kernel remquo_large --global 64 --local 16 --arg f32[64]=randu:207:-9:9 --arg f32[64]=zeros --arg i32[64]=zeros
// TOLERANCE: 0 0
// remquo must give the low bits of the exact integral quotient (C99: at least 3 bits,
// congruent modulo 2^n) even when the quotient is far beyond 2^24 and not representable
// as a float; x is FLT_MAX or a large power-of-two multiple, y random.
__kernel void remquo_large(__global const float *b, __global float *rem, __global int *quo)
{
    int i = get_global_id(0);
    float y = b[i];
    float x = (i & 1) ? -FLT_MAX : ldexp(1.3f, 40 + i);
    int q;
    rem[i] = remquo(x, y, &q);
    quo[i] = (q < 0 ? -1 : 1) * (abs(q) & 7);
}
