// RUN: --kernel lits --global 128 --local 32 --arg f32[128]=randu:51:-8:8 --arg i32[128]=randu:52:0:3 --arg f32x4[256]=zeros --arg i32[512]=zeros
// Compound literals (vector, scalar and struct) and GNU statement
// expressions, including one whose last statement is a switch (a void value).
struct pair { int a; float b; };

__kernel void lits(__global const float *v, __global const int *kind, __global float4 *fo,
                   __global int *io) {
    int i = get_global_id(0);
    float x = v[i];
    int k = kind[i];
    fo[2 * i] = (float4){x, 2.0f * x, (float2)(x - 1.0f, 3.0f)};
    struct pair p = (struct pair){k + 1, x * 0.5f};
    int s = ({ int t = 10 * (k + 1) + p.a; t * 2; });
    ({ switch (k) { case 0: io[4 * i] = 100; break; case 1: io[4 * i] = 200; break; default: io[4 * i] = -1; } });
    io[4 * i + 1] = s;
    io[4 * i + 2] = (int){k * 3} + (true ? 1 : 0);
    const int widths[] = {5, 6, 7, 8};
    io[4 * i + 3] = widths[k];
    fo[2 * i + 1] = (float4)(p.b, (float){x}, ({ float y = x * x; y; }), 0.0f);
}
