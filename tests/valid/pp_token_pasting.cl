// Token pasting (##) and stringizing (#): operands are not macro-expanded before
// pasting, the pasted token is rescanned, and # spells its argument as written.
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define STR(x) #x
#define XSTR(x) STR(x)
#define ONE 1
#define TWO 2
#define PREFIX my_
// PREFIX next to ## is not expanded, so expand it through XCAT first.
#define MAKE_NAME(n) XCAT(PREFIX, n)

typedef char check_paste_numbers[(CAT(1, 2) == 12) ? 1 : -1];
// CAT(ONE, TWO) pastes the identifiers ONETWO, which is not a macro; XCAT expands first.
typedef char check_xcat[(XCAT(ONE, TWO) == 12) ? 1 : -1];
#define ONETWO 99
typedef char check_pasted_rescanned[(CAT(ONE, TWO) == 99) ? 1 : -1];
typedef char check_stringize[sizeof(STR(a + b)) == 6 ? 1 : -1];
typedef char check_stringize_unexpanded[sizeof(STR(ONE)) == 4 ? 1 : -1];
typedef char check_stringize_expanded[sizeof(XSTR(ONE)) == 2 ? 1 : -1];
// Inner whitespace collapses to one space; leading and trailing space is dropped.
typedef char check_stringize_spaces[sizeof(STR(  a    +   b  )) == 6 ? 1 : -1];
// Pasting with an empty argument gives the other operand.
typedef char check_paste_empty[(CAT(, 7) == 7) ? 1 : -1];
// Pasting builds a hex literal and a float suffix.
typedef char check_paste_hex[(CAT(0x, 1F) == 31) ? 1 : -1];
#define ON 7
#define E 8
// Operands of ## are not expanded: ON##E is ONE, which the rescan expands to 1.
typedef char check_paste_unexpanded_operand[(CAT(ON, E) == 1) ? 1 : -1];
typedef char check_paste_suffix[sizeof(CAT(1.0, f)) == 4 ? 1 : -1];
// A string argument is stringized with its quotes escaped: "\"a\"" holds 3 chars.
typedef char check_stringize_quotes[sizeof(STR("a")) == 4 ? 1 : -1];

int my_helper(int v) { return v + 1; }

__kernel void pasting(__global int *out) {
    int CAT(val, ue) = 3;
    out[0] = MAKE_NAME(helper)(value) + CAT(ONE, TWO);
}
