/* Hand-checked behaviour of the C entries of CPU objects (see tests/cpu_object.rs):
   return codes for bad ranges, the documented default work-group size, global offsets,
   reqd_work_group_size, __local argument sizes, and a work-group function called alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vadd.h"
#include "local_reduce.h"

static int failures = 0;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAILED: %s\n", what);
        failures++;
    }
}

/* 128-byte aligned memory (the work-group function's areas), from malloc. */
static void *aligned(size_t n, void **base)
{
    *base = calloc(n + 128, 1);
    return (void *)(((uintptr_t)*base + 127) & ~(uintptr_t)127);
}

static void vadd_checks(void)
{
    enum { N = 1000, OFF = 10 };
    static float a[N + OFF], b[N + OFF], c[N + OFF];
    static int32_t ids[N + OFF];
    oclc_vadd_args args;
    oclc_ndrange_t r;
    int i, ok;
    for (i = 0; i < N + OFF; i++) {
        a[i] = (float)i * 0.5f;
        b[i] = (float)(N - i);
        c[i] = -1.0f;
        ids[i] = -1;
    }
    memset(&args, 0, sizeof args);
    args.a = a;
    args.b = b;
    args.c = c;
    args.scale = 2.5f;
    args.bias[0] = 1;
    args.bias[1] = 2;
    args.bias[2] = 3;
    args.bias[3] = 4;
    args.ids = ids;
    memset(&r, 0, sizeof r);
    r.work_dim = 0;
    r.global_size[0] = N;
    check(oclc_vadd(&args, &r) == OCLC_ERR_WORK_DIM, "work_dim 0");
    r.work_dim = 4;
    check(oclc_vadd(&args, &r) == OCLC_ERR_WORK_DIM, "work_dim 4");
    r.work_dim = 2;
    check(oclc_vadd(&args, &r) == OCLC_ERR_GLOBAL_SIZE, "global size 0 in dimension 1");
    r.work_dim = 1;
    r.local_size[0] = 7;
    check(oclc_vadd(&args, &r) == OCLC_ERR_LOCAL_SIZE, "local size 7 does not divide 1000");
    r.global_size[0] = 5000;
    r.local_size[0] = 5000;
    check(oclc_vadd(&args, &r) == OCLC_ERR_LOCAL_SIZE, "local size above the maximum");
    check(c[0] == -1.0f && ids[0] == -1, "failed launches write nothing");

    /* Default work-group size: the largest divisor of 1000 at most 64, i.e. 50. */
    r.global_size[0] = N;
    r.local_size[0] = 0;
    r.global_offset[0] = OFF;
    check(oclc_vadd(&args, &r) == OCLC_OK, "vadd runs");
    ok = 1;
    for (i = 0; i < OFF; i++)
        ok &= c[i] == -1.0f && ids[i] == -1;
    for (i = OFF; i < N + OFF; i++) {
        int g = i - OFF; /* the work-item's index in the range (without the offset) */
        ok &= c[i] == a[i] + 2.5f * b[i];
        ok &= ids[i] == i * 4 + 2 + (g % 50) * 1000 + (g / 50) * 100000;
    }
    check(ok, "vadd results with offset 10 and the default work-group size 50");
}

static void reduce_checks(void)
{
    enum { N = 4096, G = N / 64 };
    static int32_t in[N], sums[G], rev[N];
    oclc_reduce_args args;
    oclc_ndrange_t r;
    oclc_group_ctx_t ctx;
    void *local_base, *scratch_base, *state_base;
    int i, g, ok;
    for (i = 0; i < N; i++)
        in[i] = (i * 7919) % 2001 - 1000;
    memset(&args, 0, sizeof args);
    args.in = in;
    args.scratch = 64 * sizeof(int32_t);
    args.sums = sums;
    args.rev = rev;
    memset(&r, 0, sizeof r);
    r.work_dim = 1;
    r.global_size[0] = N;
    r.local_size[0] = 32;
    check(oclc_reduce(&args, &r) == OCLC_ERR_LOCAL_SIZE, "local size other than reqd 64");
    r.local_size[0] = 0;
    args.scratch = 0;
    check(oclc_reduce(&args, &r) == OCLC_ERR_LOCAL_ARG, "__local argument of size 0");
    args.scratch = 64 * sizeof(int32_t);
    check(oclc_reduce(&args, &r) == OCLC_OK, "reduce runs with the reqd size");
    ok = 1;
    for (g = 0; g < G; g++) {
        int32_t s = 0;
        for (i = 0; i < 64; i++) {
            s += in[g * 64 + i];
            ok &= rev[g * 64 + i] == in[g * 64 + 63 - i];
        }
        ok &= sums[g] == s;
    }
    check(ok, "reduce sums and reversed tiles");

    /* The work-group function alone, for group 5 only. */
    memset(sums, 0, sizeof sums);
    memset(&ctx, 0, sizeof ctx);
    ctx.group_id[0] = 5;
    ctx.local_size[0] = 64;
    ctx.local_size[1] = ctx.local_size[2] = 1;
    ctx.num_groups[0] = G;
    ctx.num_groups[1] = ctx.num_groups[2] = 1;
    ctx.global_size[0] = N;
    ctx.global_size[1] = ctx.global_size[2] = 1;
    ctx.work_dim = 1;
    ctx.local_mem = aligned(oclc_reduce_STATIC_LOCAL_BYTES, &local_base);
    ctx.wi_state = aligned(64 * oclc_reduce_WI_STATE_BYTES, &state_base);
    args.scratch = (uint64_t)(uintptr_t)aligned(64 * sizeof(int32_t), &scratch_base);
    oclc_reduce_group(&args, &ctx);
    ok = 1;
    for (g = 0; g < G; g++) {
        int32_t s = 0;
        for (i = 0; i < 64; i++)
            s += in[g * 64 + i];
        ok &= sums[g] == (g == 5 ? s : 0);
    }
    check(ok, "the work-group function runs group 5 alone");
    check(oclc_reduce_STATIC_LOCAL_BYTES >= 256, "static __local bytes cover mirror[64]");
    free(local_base);
    free(state_base);
    free(scratch_base);
}

int main(void)
{
    vadd_checks();
    reduce_checks();
    if (failures)
        return 1;
    printf("all range checks passed\n");
    return 0;
}
