// RUN: --kernel null_pointers --global 16 --local 4 --arg i32[16]=randu:7:-3:3 --arg i32[16]=zeros
// NULL is ((void*)0), a null pointer constant that converts to a pointer in any address
// space (in ?:, assignments and comparisons); NAN is clang's as_float(INT_MAX).
__kernel void null_pointers(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    __global const int *p = a[i] > 0 ? a + i : NULL;
    __global const int *q = a + i;
    if (a[i] < 0)
        q = NULL;
    o[i] = (p == NULL) + 2 * (q != 0) + 4 * (NULL == q) + 8 * isnan(NAN)
         + 16 * (as_uint(NAN) == 0x7fffffffu) + 32 * (p ? *p : -1);
}
