// Exhaustive accuracy check of one float function over a range of bit patterns (used by
// sweep.sh): reads the results oclc wrote (out[i] = F(as_float(base + i))) and compares each
// with glibc's double function, in ulp of the float result (OpenCL's measure). Denormal inputs
// may be read as zero and denormal results may be flushed (a device without denormals).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const double pi = 3.14159265358979323846;

static double sinpi_(double x)
{
    double r = fmod(x, 2.0);
    if (fmod(r, 1.0) == 0)
        return copysign(0.0, x);
    if (r > 0.5)
        r = 1 - r;
    else if (r < -0.5)
        r = -1 - r;
    return sin(pi * r);
}

static double cospi_(double x)
{
    double r = fmod(fabs(x), 2.0);
    if (r == 0.5 || r == 1.5)
        return 0.0;
    return -sinpi_(r - 0.5);
}

static double tanpi_(double x)
{
    double r = fmod(fabs(x), 2.0);
    if (r == 0)
        return copysign(0.0, x);
    if (r == 1)
        return copysign(0.0, -x);
    if (r == 0.5)
        return copysign(INFINITY, x);
    if (r == 1.5)
        return copysign(INFINITY, -x);
    return sinpi_(x) / cospi_(x);
}

/* The reference value of F at x (double precision). */
static double ref(const char *f, double x)
{
    static const struct { const char *name; double (*fn)(double); } table[] = {
        {"sin", sin}, {"cos", cos}, {"tan", tan}, {"asin", asin}, {"acos", acos},
        {"atan", atan}, {"sinpi", sinpi_}, {"cospi", cospi_}, {"tanpi", tanpi_},
        {"exp", exp}, {"expm1", expm1}, {"log", log}, {"log1p", log1p}, {"cbrt", cbrt},
        {"sinh", sinh}, {"cosh", cosh}, {"tanh", tanh}, {"asinh", asinh}, {"acosh", acosh},
        {"atanh", atanh}, {"erf", erf}, {"erfc", erfc},
    };
    if (!strcmp(f, "asinpi"))
        return asin(x) / pi;
    if (!strcmp(f, "acospi"))
        return acos(x) / pi;
    if (!strcmp(f, "atanpi"))
        return atan(x) / pi;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(f, table[i].name))
            return (isfinite(x) || table[i].fn == atan) ? table[i].fn(x) : NAN;
    fprintf(stderr, "check: no reference for %s\n", f);
    exit(2);
}

static double ulp32(double r) { double a = fabs(r); if (a < 0x1p-126) return 0x1p-149; int e; frexp(a, &e); if (e - 1 > 127) e = 128; return ldexp(1.0, e - 1 - 23); }
static double err(float got, double want) {
  if (isnan(want) || isnan(got)) return (isnan(want) && isnan(got)) ? 0 : INFINITY;
  if (want == 0 && got == 0) return signbit(want) == signbit(got) ? 0 : INFINITY;
  if (isinf(got) || isinf((float)want)) return got == (float)want ? 0 : INFINITY;
  return fabs((double)got - want) / ulp32(want);
}
int main(int argc, char **argv) {
  const char *f = argv[1]; uint32_t base = strtoul(argv[2], 0, 0); size_t n = strtoull(argv[3], 0, 0);
  FILE *fp = fopen(argv[4], "rb"); float *out = malloc(n * 4); if (fread(out, 4, n, fp) != n) { puts("short read"); return 2; }
  double worst = 0; uint32_t wb = 0; float wg = 0; double ww = 0; size_t over1 = 0;
  #pragma omp parallel
  { double lw = 0; uint32_t lb = 0; float lg = 0; double lwant = 0; size_t lo1 = 0;
    #pragma omp for schedule(static)
    for (size_t i = 0; i < n; i++) {
      uint32_t b = base + (uint32_t)i; float x; memcpy(&x, &b, 4);
      double want = ref(f, (double)x); float got = out[i];
      double e = err(got, want);
      if (e > 0 && fabs(want) < 0x1p-126 && got == 0) e = 0;               // flushed result
      if (e > 0 && fpclassify(x) == FP_SUBNORMAL) {                          // input read as zero
        double w0 = ref(f, copysign(0.0, x)); if (err(got, w0) <= 1) e = 0; }
      if (e > 1) lo1++;
      if (e > lw || (isnan(e))) { lw = e; lb = b; lg = got; lwant = want; }
    }
    #pragma omp critical
    { over1 += lo1; if (lw > worst) { worst = lw; wb = lb; wg = lg; ww = lwant; } }
  }
  float wx; memcpy(&wx, &wb, 4);
  printf("%-7s base 0x%08x n %zu: worst %.3f ulp at x=%.9g (0x%08x) got %.9g want %.17g; %zu over 1 ulp\n", f, base, n, worst, wx, wb, wg, ww, over1);
  return 0;
}
