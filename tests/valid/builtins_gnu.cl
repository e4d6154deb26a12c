// GNU/clang built-ins clang-14 accepts in OpenCL C that only guide the optimizer or ask
// the compiler a question: __builtin_expect (its first argument, as long),
// __builtin_assume and __builtin_unreachable (nothing), __builtin_constant_p (whether
// its argument is a constant expression), and __extension__ (nothing).
typedef char expect_is_long[sizeof(__builtin_expect(1, 1)) == 8 ? 1 : -1];
typedef char constant_p_literal[__builtin_constant_p(3 * 4) ? 1 : -1];
typedef char constant_p_is_int[sizeof(__builtin_constant_p(1)) == 4 ? 1 : -1];

kernel void k(global int *p, int n) {
    if (__builtin_expect(n > 4, 0))
        p[0] = 1;
    __builtin_assume(n >= 0);
    p[1] = __builtin_constant_p(n);
    p[2] = __extension__ (n + 1);
    if (n == -1)
        __builtin_unreachable();
    p[3] = (int)__builtin_expect((long)n, 7L);
}
