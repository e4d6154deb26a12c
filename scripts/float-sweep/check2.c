// Accuracy check of a two-operand float function (atan2, atan2pi, pow, powr) on random and
// structured operand pairs, used by sweep2.sh, against glibc's double functions, in ulp of
// the float result (OpenCL's measure).
//   check2 gen FUNC SEED N X.bin Y.bin      writes N operand pairs (raw little-endian floats;
//                                           the function is called as FUNC(x, y), atan2 as
//                                           atan2(x, y): x is the ordinate)
//   check2 check FUNC N X.bin Y.bin OUT.bin  compares OUT[i] with FUNC(X[i], Y[i])
// The pairs: a grid of special and boundary values (zeros, denormals, 1, infinities, NaN,
// the largest float) against each other, then a mix of: both operands' bits at random;
// exponents near each other (ratios near 1); exponents far apart (tiny, huge and denormal
// ratios); and for pow/powr, x near 1 or anywhere positive with y scaled so that y log2(x)
// stays within [-160, 160] (results near over- and underflow), and integer y with negative
// x. Denormal operands may be read as zero and denormal results flushed (a device without
// denormals), as check.c judges.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double pi = 3.14159265358979323846;

static double powr_(double x, double y)
{
    if (x < 0 || isnan(x) || isnan(y) || (x == 0 && y == 0) || (isinf(x) && y == 0) ||
        (x == 1 && isinf(y)))
        return NAN;
    return pow(fabs(x), y); /* powr(-0, y) is powr(+0, y): +inf for y < 0 */
}

/* The reference value of F(a, b) in double precision. */
static double ref(const char *f, double a, double b)
{
    if (!strcmp(f, "atan2"))
        return atan2(a, b);
    if (!strcmp(f, "atan2pi"))
        return atan2(a, b) / pi;
    if (!strcmp(f, "pow"))
        return pow(a, b);
    if (!strcmp(f, "powr"))
        return powr_(a, b);
    fprintf(stderr, "check2: no reference for %s\n", f);
    exit(2);
}

static double ulp32(double r)
{
    double a = fabs(r);
    if (a < 0x1p-126)
        return 0x1p-149;
    int e;
    frexp(a, &e);
    if (e - 1 > 127)
        e = 128;
    return ldexp(1.0, e - 1 - 23);
}

static double err(float got, double want)
{
    if (isnan(want) || isnan(got))
        return (isnan(want) && isnan(got)) ? 0 : INFINITY;
    if (want == 0 && got == 0)
        return signbit(want) == signbit(got) ? 0 : INFINITY;
    if (isinf(got) || isinf((float)want))
        return got == (float)want ? 0 : INFINITY;
    return fabs((double)got - want) / ulp32(want);
}

static uint64_t state;
static uint32_t next(void)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(state >> 32);
}
static double unit(void) { return next() / 4294967296.0; }
static float bits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
/* A float of random significand and sign with exponent e (denormal or zero below -126). */
static float with_exp(int e) { return (float)ldexp((1.0 + (next() >> 8) / 16777216.0) * ((next() & 1) ? -1 : 1), e); }

static void gen(const char *f, size_t n, float *x, float *y)
{
    int is_pow = !strncmp(f, "pow", 3);
    static const float special[] = {0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1p-126f, -0x1p-126f,
        0.5f, -0.5f, 1.0f, -1.0f, 2.0f, -2.0f, 3.0f, -3.0f, 0x1p-24f, 0x1.fffffep127f,
        -0x1.fffffep127f, INFINITY, -INFINITY, NAN, 0x1p126f, 0x1p127f, 1.0000001f, 0.99999994f};
    size_t ns = sizeof special / sizeof special[0], i = 0;
    for (size_t a = 0; a < ns && i < n; a++)
        for (size_t b = 0; b < ns && i < n; b++, i++)
            x[i] = special[a], y[i] = special[b];
    for (; i < n; i++) {
        uint32_t kind = next() % 8;
        if (kind == 0) {
            x[i] = bits(next());
            y[i] = bits(next());
        } else if (kind <= 2 || !is_pow) {
            int e = (int)(next() % 280) - 150;
            int d = kind <= 2 ? (int)(next() % 7) - 3 : (int)(next() % 301) - 150;
            x[i] = with_exp(e);
            y[i] = with_exp(e + d);
        } else if (kind <= 4) {
            /* x near 1, y large: y log2(x) in [-160, 160]. */
            float xx = (float)(1.0 + ldexp(unit() * 2 - 1, -(int)(next() % 24)));
            double l = log2(xx);
            x[i] = xx;
            y[i] = l == 0 ? with_exp((int)(next() % 40)) : (float)((unit() * 2 - 1) * 160 / fabs(l));
        } else if (kind <= 6) {
            /* x anywhere positive, y log2(x) in [-160, 160]. */
            float xx = fabsf(with_exp((int)(next() % 277) - 149));
            double l = log2(xx);
            x[i] = xx;
            y[i] = l == 0 ? 1.0f : (float)((unit() * 2 - 1) * 160 / fabs(l));
        } else {
            /* negative x, integer y. */
            float xx = -fabsf(with_exp((int)(next() % 40) - 20));
            x[i] = xx;
            y[i] = (float)((int)(next() % 61) - 30);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc == 7 && !strcmp(argv[1], "gen")) {
        state = strtoull(argv[3], 0, 0);
        size_t n = strtoull(argv[4], 0, 0);
        float *x = malloc(n * 4), *y = malloc(n * 4);
        gen(argv[2], n, x, y);
        FILE *fx = fopen(argv[5], "wb"), *fy = fopen(argv[6], "wb");
        if (!fx || !fy || fwrite(x, 4, n, fx) != n || fwrite(y, 4, n, fy) != n)
            return 2;
        fclose(fx);
        fclose(fy);
        return 0;
    }
    if (argc != 7 || strcmp(argv[1], "check")) {
        fprintf(stderr, "usage: check2 gen FUNC SEED N X Y | check2 check FUNC N X Y OUT\n");
        return 2;
    }
    const char *f = argv[2];
    size_t n = strtoull(argv[3], 0, 0);
    float *x = malloc(n * 4), *y = malloc(n * 4), *out = malloc(n * 4);
    FILE *fx = fopen(argv[4], "rb"), *fy = fopen(argv[5], "rb"), *fo = fopen(argv[6], "rb");
    if (!fx || !fy || !fo || fread(x, 4, n, fx) != n || fread(y, 4, n, fy) != n ||
        fread(out, 4, n, fo) != n) {
        puts("short read");
        return 2;
    }
    double worst = 0;
    size_t wi = 0, over1 = 0;
#pragma omp parallel
    {
        double lw = 0;
        size_t li = 0, lo1 = 0;
#pragma omp for schedule(static)
        for (size_t i = 0; i < n; i++) {
            double want = ref(f, x[i], y[i]);
            double e = err(out[i], want);
            if (e > 0 && fabs(want) < 0x1p-126 && out[i] == 0)
                e = 0; /* flushed result */
            if (e > 0 && (fpclassify(x[i]) == FP_SUBNORMAL || fpclassify(y[i]) == FP_SUBNORMAL)) {
                /* denormal operands read as zeros */
                double ax = fpclassify(x[i]) == FP_SUBNORMAL ? copysign(0.0, x[i]) : x[i];
                double ay = fpclassify(y[i]) == FP_SUBNORMAL ? copysign(0.0, y[i]) : y[i];
                if (err(out[i], ref(f, ax, ay)) <= 1)
                    e = 0;
            }
            if (e > 1)
                lo1++;
            if (e > lw || isnan(e)) {
                lw = e;
                li = i;
            }
        }
#pragma omp critical
        {
            over1 += lo1;
            if (lw > worst) {
                worst = lw;
                wi = li;
            }
        }
    }
    printf("%-7s n %zu: worst %.3f ulp at (%.9g, %.9g) = (%a, %a) got %.9g want %.17g; %zu over 1 ulp\n",
           f, n, worst, x[wi], y[wi], x[wi], y[wi], out[wi], ref(f, x[wi], y[wi]), over1);
    return 0;
}
