// RUN: --kernel struct_value --global 64 --local 16 --arg f32[64]=randu:351:-4:4 --arg i32[64]=randu:352:-100:100 --arg f32[256]=zeros
// RUN: --kernel struct_pointer --global 64 --local 16 --arg i32[512]=randu:353:-1000:1000 --arg i32[512]=zeros
// RUN: --kernel private_arrays --global 64 --local 16 --arg i32[64]=randu:354:0:1000 --arg i32[256]=zeros
// RUN: --kernel constant_tables --global 64 --local 16 --arg u32[64]=rand:355 --arg u32[256]=zeros
// Structs passed by value to and returned from helpers (nested structs, vector and array
// members), structs read and written through __global and private pointers, arrays of
// structs in private memory, private 1-D and 2-D arrays indexed dynamically, and
// program-scope __constant tables (scalars, vectors, structs) read with computed indices.
#pragma OPENCL FP_CONTRACT OFF
typedef struct {
    float x, y;
} vec2f;

typedef struct {
    vec2f pos;
    int id;
    float4 color;
    short tags[3];
} particle;

vec2f vadd(vec2f a, vec2f b)
{
    vec2f r = {a.x + b.x, a.y + b.y};
    return r;
}

particle advance(particle p, float dt)
{
    vec2f v = {dt, -dt * 2.0f};
    p.pos = vadd(p.pos, v);
    p.id += p.tags[1];
    p.color.yz = p.color.zy * dt;
    return p;
}

__kernel void struct_value(__global const float *f, __global const int *n, __global float *out)
{
    int i = get_global_id(0);
    particle p;
    p.pos.x = f[i];
    p.pos.y = f[63 - i];
    p.id = n[i];
    p.color = (float4)(1.0f, 2.0f, 3.0f, f[i]);
    p.tags[0] = 1;
    p.tags[1] = (short)n[63 - i];
    p.tags[2] = -1;
    particle q = advance(advance(p, 0.5f), 0.25f);
    particle copy = q;
    copy.pos.x = 100.0f;
    out[4 * i] = q.pos.x + q.pos.y;
    out[4 * i + 1] = (float)q.id + copy.pos.x;
    out[4 * i + 2] = q.color.y - q.color.z;
    out[4 * i + 3] = q.color.w + (float)(q.tags[0] + q.tags[2]);
}

typedef struct {
    int key;
    int value;
    int hist[4];
    char flag;
    long big;
} record;

void update(record *r, int delta)
{
    r->key += delta;
    r->hist[delta & 3] += r->value;
    r->flag = (char)(r->key > 0);
    r->big = (long)r->key * 100000L;
}

int total(const record *r) { return r->key + r->value + r->hist[0] + r->hist[3] + r->flag + (int)(r->big >> 10); }

__kernel void struct_pointer(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    record recs[2];
    for (int k = 0; k < 2; k++) {
        record *r = &recs[k];
        r->key = in[8 * i + k];
        r->value = in[8 * i + 2 + k];
        for (int h = 0; h < 4; h++) r->hist[h] = in[8 * i + 4 + h] >> k;
        r->flag = 0;
        r->big = 0;
    }
    update(&recs[0], in[8 * i + 7]);
    update(recs + 1, -in[8 * i + 6]);
    record swap = recs[0];
    recs[0] = recs[1];
    recs[1] = swap;
    __global int *o = out + 8 * i;
    o[0] = total(&recs[0]);
    o[1] = total(&recs[1]);
    o[2] = recs[0].hist[1] - recs[1].hist[2];
    o[3] = recs[1].flag;
    o[4] = (int)(recs[0].big % 1000003L);
    o[5] = sizeof(record);
    o[6] = recs[1].key;
    o[7] = recs[0].value;
}

__kernel void private_arrays(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int v = in[i];
    int a[16];
    int m[4][5];
    for (int k = 0; k < 16; k++) a[k] = (v * (k + 1)) % 97;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++) m[r][c] = a[(r * 5 + c + v) & 15] - r * c;
    int idx = v & 15;
    a[idx] = -a[idx];
    int s = 0;
    for (int r = 0; r < 4; r++) s += m[r][(v + r) % 5];
    // Bubble sort of the private array.
    for (int p = 0; p < 15; p++)
        for (int k = 0; k < 15 - p; k++)
            if (a[k] > a[k + 1]) {
                int t = a[k];
                a[k] = a[k + 1];
                a[k + 1] = t;
            }
    out[4 * i] = s;
    out[4 * i + 1] = a[0];
    out[4 * i + 2] = a[7];
    out[4 * i + 3] = a[15] + m[3][4];
}

typedef struct {
    uint mul;
    uint add;
    uchar shift;
} lcg;

__constant lcg gens[3] = {{1664525u, 1013904223u, 3}, {22695477u, 1u, 7}, {69069u, 12345u, 11}};
__constant uint4 masks[2] = {(uint4)(0xff, 0xff00, 0xff0000, 0xff000000), (uint4)(0xf0f0f0f0)};
__constant uint primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
__constant uint scale = 977;

__kernel void constant_tables(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    uint x = in[i];
    for (int k = 0; k < 5; k++) {
        __constant const lcg *g = &gens[(x + k) % 3];
        x = (x * g->mul + g->add) >> g->shift;
    }
    uint4 mk = masks[x & 1];
    __global uint *o = out + 4 * i;
    o[0] = x;
    o[1] = (x & mk.x) | (x & mk.w);
    o[2] = primes[x & 7] * scale + mk.y;
    o[3] = primes[(x >> 3) & 7] + gens[i % 3].shift;
}
