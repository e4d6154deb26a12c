// clang's __attribute__((overloadable)) on user functions: overloads by parameter type,
// exact matches beating promotions beating conversions, one plain member of the set,
// redeclarations, and an overloaded helper calling another overload of its name.
__attribute__((overloadable)) int twice(int x) { return 2 * x; }
__attribute__((overloadable)) float twice(float x) { return 2 * x; }
__attribute__((overloadable)) float twice(float2 x) { return 2 * x.x; }
__attribute__((overloadable)) int twice(__global int *p);
__attribute__((overloadable)) int twice(__global int *p) { return twice(*p); }
int twice(long x) { return (int)(3 * x); }

__attribute__((overloadable)) int pick(int x) { return 1; }
__attribute__((overloadable)) int pick(double x) { return 2; }

typedef char check_exact[sizeof(twice(1.5f)) == 4 ? 1 : -1];

__kernel void k(__global int *out) {
    out[1] = twice(2) + (int)twice(1.5f) + twice((char)'a') + (int)twice((float2)(1.0f));
    out[2] = twice(out) + twice(5L) + pick((short)1) + pick(1.0f);
}
