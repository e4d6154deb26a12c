// Line splices (backslash-newline) join lines before tokens are formed: inside
// directives, macro bodies, identifiers, numbers, strings and // comments.
#define LONG_MACRO(a, b) \
    ((a) + \
     (b))
#def\
ine SPLIT_DIRECTIVE 4\
2

typedef char check_macro[(LONG_MACRO(1, 2) == 3) ? 1 : -1];
typedef char check_split[(SPLIT_DIRECTIVE == 42) ? 1 : -1];
typedef char check_string[sizeof("ab\
cd") == 5 ? 1 : -1];
// A spliced comment continues on the next line \
typedef char this_line_is_a_comment[-1];

__kernel void line_splices(__global int *out) {
    int va\
lue = 1\
23;
    out[0] = value + LONG_MACRO(out[1], out[2]);
}
