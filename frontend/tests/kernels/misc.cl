// Helper functions, local tiles, loops, ternaries and mixed integer types.
#include "inc/helpers.h"
#include "inc/helpers.h"
#define TILE 16

float helper(float a, int b);

__constant float weights[4] = {0.25f, 0.5f, 0.75f, 1.0f};

typedef float real;

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose(__global const real *in, __global float *out, uint width) {
    __local float tile[TILE][TILE];
    uint lx = get_local_id(0), ly = get_local_id(1);
    size_t gx = get_global_id(0);
    size_t gy = get_global_id(1);
    tile[ly][lx] = in[gy * width + gx];
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[gx * width + gy] = helper(tile[lx][ly], 2) + weights[lx & 3];
}

float helper(float a, int b) {
    return a > 0.0f ? scale(a, b) : -a * CAT(1, 0);
}

__kernel void loops(__global int *data, __global long *acc, int n) {
    int i = 0;
    uint u = 3u;
    long total = 0;
    while (i < n) {
        total += data[i] * u;
        i++;
    }
    do {
        --i;
        if (i % 2 == 0) continue;
        total -= (long)SQUARE(data[i]);
    } while (i > 0 && total != 0);
    ulong mixed = u + total + 1ul;
    int sel = (n > 4) ? n : 4;
    data[0] = sel + (int)(mixed >> 2) + clamp(n, 0, 10) + abs(n);
    acc[0] = total < 0 ? -total : total;
    unsigned int ui = 0x10;
    short sh = (short)ui;
    char c = 'a';
    acc[1] = sh + c + sizeof(float4);
    int4 m = (int4)(1, 2, 3, 4) < (int4)(2);
    float2 f2 = (float2)(1.0f, 2.0f);
    float8 f8 = (float8)(f2, f2, (float4)(0.0f));
    f8.s0 = f8.s7 + f8.lo.x + f8.even.y;
    acc[2] = m.x + m.w;
    __global int *pp = data + 2;
    pp[1] = *pp + (int)(pp - data);
    for (int k = 0; k < 4; k++) { if (k == 2) break; acc[k] += k; }
}
