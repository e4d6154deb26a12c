// C's blue-paint rule: a macro name met again during its own expansion is not
// expanded (and stays unexpandable), so self-referencing macros terminate.
#define ID(a) a
#define NESTED ID(ID(ID(5)))
typedef char check_nested[(NESTED == 5) ? 1 : -1];
// An argument is fully expanded before substitution, even when it uses the same macro.
typedef char check_nested_args[(ID(ID(2) + ID(3)) == 5) ? 1 : -1];

__kernel void blue_paint(__global int *out) {
    // The variables are declared before the macros of the same names exist.
    int foo = 3, x = 5, y = 6, g = 10, NOT_CALLED = 2, AGAIN = 1;
#define foo (4 + foo)
#define x (2 * y)
#define y (3 + x)
#define f(a) a * g
#define g(a) f(a)
#define AGAIN(n) n + AGAIN
#define EMPTY
#define NOT_CALLED(a) (a)
    out[0] = foo; // (4 + foo): the inner foo is the variable
    // (2 * (3 + x)) + (3 + (2 * y)): each painted name refers to the variable
    out[1] = x + y;
    // f(2)(9) is 2 * g(9) -> 2 * f(9) -> 2 * 9 * g: f's expansion ended before g's
    // arguments were read, so f is not painted there.
    out[2] = f(2)(9);
    // A function-like macro name not followed by '(' is left alone.
    out[3] = NOT_CALLED + NOT_CALLED(1);
    out[4] = AGAIN(1) EMPTY; // 1 + AGAIN, the variable
}
