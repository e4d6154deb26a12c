// clang's vector subscript v[i]: reads, writes, compound assignment and ++ on lanes of
// vector variables, struct members and 3- and 8-lane vectors, and reads of vector values
// ((a + b)[i], f(x)[i]), with run-time indices.
// RUN: --kernel k --global 8 --arg f32[8]=iota --arg i32[8]=zeros
typedef struct { float4 v; int3 w; } holder;
int2 pair_of(int x) { return (int2)(x, -x); }
__kernel void k(__global float *f, __global int *out) {
    int i = get_global_id(0);
    float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    v[i % 4] = f[i];
    v[(i + 1) % 4] += 10.0f;
    holder h;
    h.w = (int3)(7, 8, 9);
    h.w[i % 3]++;
    __private int8 e = (int8)(0, 1, 2, 3, 4, 5, 6, 7);
    e[7 - i] *= 3;
    int extra = (e + (int8)(1))[i] + pair_of(i)[i % 2] + ((float4)(f[i]) * 2.0f)[i % 4];
    out[i] = extra + (int)(v[0] + v[1] * 10.0f + v[2] * 100.0f + v[3] * 1000.0f) + h.w[0] + h.w[1] * 20 + h.w[2] * 400 + e[i] + e[7 - i] * 1000;
}
