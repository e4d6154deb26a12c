// RUN: --kernel local_ptr_math --global 64 --local 16 --arg f32[64]=randu:701:-4:4 --arg local:256 --arg f32[128]=zeros
// RUN: --kernel local_array_ptrs --global 64 --local 16 --arg f32[64]=randu:703:-4:4 --arg f32[64]=zeros
// RUN: --kernel local_ptr_helpers --global 64 --local 16 --arg i32[64]=randu:702:-100:100 --arg local:128 --arg local:64 --arg i32[128]=zeros
// Pointer arithmetic on __local pointer arguments (Workgroup arrays sized at launch on
// Vulkan): p + i, &p[i], *(p + i), pointers stepped in loops, and p + off passed to helper
// functions that index and step them further; the same on __local arrays declared in the
// kernel (rows of a 2-D array, structs).

float sum3(__local const float *p) { return p[0] + p[1] + *(p + 2); }

void put2(__local float *p, float v)
{
    *p = v;
    p[1] = v * 2.0f;
}

__kernel void local_ptr_math(__global const float *in, __local float *buf, __global float *out)
{
    int l = get_local_id(0), g = get_global_id(0);
    buf[l] = in[g];
    buf[l + 16] = in[g] * 0.5f;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local float *q = buf + 2;
    __local float *r = &buf[l];
    float s = q[l % 8] + *(buf + l + 1) + r[3] + sum3(buf + (l % 8)) + sum3(&q[l]);
    __local float *w = buf + 16;
    for (int k = 0; k < 4; ++k, ++w)
        s += *w * (float)k;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8)
        put2(buf + 2 * l, s);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = s;
    out[64 + g] = buf[l];
}

int walk(__local int *p, int n, int step)
{
    int acc = 0;
    for (int k = 0; k < n; k += step, p += step)
        acc = acc * 3 + *p;
    return acc;
}

void scatter(__local int *dst, __local const int *src, int n)
{
    for (int i = 0; i < n; ++i)
        *(dst + i) = src[n - 1 - i] + i;
}

__kernel void local_ptr_helpers(__global const int *in, __local int *a, __local int *b,
                                __global int *out)
{
    int l = get_local_id(0), g = get_global_id(0);
    a[l] = in[g];
    a[l + 16] = in[g] ^ l;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        scatter(b, a + 4, 16);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = walk(a + l, 8, 2) + walk(&b[l / 2], 4, 1);
    out[64 + g] = b[15 - l];
}

typedef struct {
    float w;
    int n;
} Cell;

float row_sum(__local const float *row, int n)
{
    float s = 0.0f;
    for (__local const float *e = row; n > 0; --n)
        s += *e++;
    return s;
}

float cell_mix(__local Cell *c, int k) { return c[k].w * (float)(c + 1)->n; }

__kernel void local_array_ptrs(__global const float *in, __global float *out)
{
    __local float tile[16][17];
    __local Cell cells[17];
    int l = get_local_id(0), g = get_global_id(0);
    for (int k = 0; k < 17; ++k)
        tile[l][k] = in[g] + (float)k;
    cells[l].w = in[g];
    cells[l].n = l * 3;
    if (l == 0) {
        cells[16].w = 1.0f;
        cells[16].n = 7;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    __local float *diag = &tile[l][l];
    out[g] = row_sum(tile[(l + 1) % 16] + 2, 8) + row_sum(diag, 1) + cell_mix(cells + l, 0) +
             cell_mix(&cells[l / 2], 1);
}
