// __constant variables need constant initializers: arithmetic on literals and enum
// constants, sizeof, casts, vector literals and nested aggregates (addresses of other
// __constant objects: pending/constant_address_initializers.cl).
enum { N = 4 };
typedef struct { int a; float b[2]; float4 v; } rec_t;
__constant int scalar = N * 2 + (1 << 3) - sizeof(long);
__constant float fl = 1.5f * 2 + (float)N;
__constant double dbl = 1.0 / 3.0;
__constant uint mask = ~0u >> 4;
__constant int arr[N] = {N, N - 1, sizeof(int), -N};
__constant rec_t rec = {1, {2.0f, 3.0f}, (float4)(1.0f, 2.0f, 3.0f, 4.0f)};
__constant rec_t recs[2] = {{.a = 1}, {2, {4.0f}}};
__constant char text[] = "const";
__constant float4 vec = (float4)(1.5f * 2 + (float)N);
__constant int cond = N > 2 ? 10 : 20;
__constant int zero_filled[8] = {0};

__kernel void constants(__global float *out) {
    out[0] = scalar + fl + dbl + mask + arr[3] + rec.b[1] + recs[1].b[0] + rec.v.w
        + text[4] + vec.y + cond + zero_filled[7];
}
