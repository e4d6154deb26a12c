// Variadic macros: __VA_ARGS__ takes the remaining arguments with their commas.
#define COUNT_IMPL(_1, _2, _3, _4, N, ...) N
#define COUNT(...) COUNT_IMPL(__VA_ARGS__, 4, 3, 2, 1, 0)
#define FIRST(x, ...) x
#define REST(x, ...) __VA_ARGS__
#define SUM3(a, b, c) ((a) + (b) + (c))
#define APPLY(f, ...) f(__VA_ARGS__)
#define STR_ALL(...) #__VA_ARGS__

typedef char check_count1[(COUNT(a) == 1) ? 1 : -1];
typedef char check_count3[(COUNT(a, b, c) == 3) ? 1 : -1];
typedef char check_count4[(COUNT(a, b, c, d) == 4) ? 1 : -1];
typedef char check_first[(FIRST(5, 6, 7) == 5) ? 1 : -1];
typedef char check_apply[(APPLY(SUM3, 1, 2, 3) == 6) ? 1 : -1];
typedef char check_apply_rest[(APPLY(SUM3, REST(0, 10, 20, 30)) == 60) ? 1 : -1];
// Stringizing __VA_ARGS__ keeps the commas; spacing between tokens becomes one space:
// "a,b, c".
typedef char check_str_all[sizeof(STR_ALL(a,b,  c)) == 7 ? 1 : -1];
// Parenthesised commas do not split arguments.
typedef char check_paren_comma[(FIRST(SUM3(1, 2, 3), 4) == 6) ? 1 : -1];

__kernel void variadic(__global int *out) {
    out[0] = APPLY(SUM3, out[1], out[2], out[3]);
    out[1] = FIRST(out[4], out[5]);
}
