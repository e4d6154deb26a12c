// Function-like macro invocations: empty arguments, calls spanning several lines,
// a macro name produced by expansion and called with source arguments, arguments
// containing other macro calls, and the GNU `, ##__VA_ARGS__`
// comma elision.
#define EMPTY_OR(x) (x + 0)
#define TWO(a, b) (a b 10)
#define ADD(a, b) ((a) + (b))
#define INDIRECT ADD
#define CALL(f, ...) f(__VA_ARGS__)
#define CALL_OPT(f, first, ...) f(first, ##__VA_ARGS__)
#define NEG(x) (-(x))
#define STR(x) #x

typedef char check_empty_arg[(EMPTY_OR() == 0) ? 1 : -1];
typedef char check_empty_both[(TWO(, ) == 10) ? 1 : -1];
typedef char check_multi_line[(ADD(
                                   1,
                                   2
                                   ) == 3) ? 1 : -1];
typedef char check_indirect[(INDIRECT(4, 5) == 9) ? 1 : -1];
typedef char check_nested_call[(CALL(ADD, ADD(1, 2), 3) == 6) ? 1 : -1];
// Stringizing escapes backslashes and quotes inside string literals: "\"a\\n\"".
typedef char check_str_escape[sizeof(STR("a\n")) == 6 ? 1 : -1];
// An #elif after a taken group is not evaluated.
#if 1
#define TAKEN 1
#elif 1 / 0
#endif
typedef char check_taken[(TAKEN == 1) ? 1 : -1];
// `, ##__VA_ARGS__` drops the comma when no variable arguments are given.
typedef char check_comma_elided[(CALL_OPT(NEG, 5) == -5 && CALL_OPT(ADD, 1, 2) == 3) ? 1 : -1];

int sum1(int first) { return first; }

__kernel void invocations(__global int *out) {
    out[0] = CALL(sum1, 4) + INDIRECT(out[1], out[2]) + CALL_OPT(sum1, 2);
    out[1] = ADD(out[
                     3],
                 1);
}
